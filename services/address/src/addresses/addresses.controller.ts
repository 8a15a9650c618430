import { Controller } from '@nestjs/common';
import { AddressRpc, type Caller, type ParsedRequestOf } from '@labeldesk/contracts';
import { CurrentCaller, RpcHandler, RpcPayload } from '@labeldesk/nest-transport';
import { toSavedAddress } from './address.mapper';
import { AddressRepository } from './address.repository';

@Controller()
export class AddressesController {
  constructor(private readonly addresses: AddressRepository) {}

  @RpcHandler(AddressRpc.listAddresses)
  async list(@CurrentCaller() _caller: Caller, @RpcPayload(AddressRpc.listAddresses) body: ParsedRequestOf<typeof AddressRpc.listAddresses>) {
    return { savedAddress: (await this.addresses.list(body.userId)).map(toSavedAddress) };
  }

  @RpcHandler(AddressRpc.saveAddress)
  async save(@CurrentCaller() _caller: Caller, @RpcPayload(AddressRpc.saveAddress) body: ParsedRequestOf<typeof AddressRpc.saveAddress>) {
    return toSavedAddress(await this.addresses.create(body.userId, body.address));
  }

  @RpcHandler(AddressRpc.updateAddress)
  async update(@CurrentCaller() _caller: Caller, @RpcPayload(AddressRpc.updateAddress) body: ParsedRequestOf<typeof AddressRpc.updateAddress>) {
    return toSavedAddress(await this.addresses.update(body.userId, body.id, body.address));
  }

  @RpcHandler(AddressRpc.deleteAddress)
  async remove(@CurrentCaller() _caller: Caller, @RpcPayload(AddressRpc.deleteAddress) body: ParsedRequestOf<typeof AddressRpc.deleteAddress>) {
    await this.addresses.delete(body.userId, body.id);
    return { ok: true as const };
  }
}
