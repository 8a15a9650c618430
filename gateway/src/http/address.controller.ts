import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import {
  AddressRpc,
  addressBodySchema,
  addSkusBodySchema,
  addSkusResponseSchema,
  deleteAddressBodySchema,
  okSchema,
  savedAddressesResponseSchema,
  savedAddressSchema,
  skuBodySchema,
  skuListResponseSchema,
  skuRecordSchema,
  type AddSkusResponse,
  type SavedAddress,
  type SavedAddressesResponse,
  type SkuListResponse,
  type SkuRecord,
} from '@labeldesk/contracts';
import { RpcClient } from '@labeldesk/nest-transport';
import type { z } from 'zod';
import { ApiDoc } from '../docs/api-doc.decorator';
import { Ctx, type CallContext } from '../auth/request-context';
import { ZodBody } from './zod-body.pipe';
import { Forwards } from '../auth/access.decorators';

/** Spec 7 "Addresses and SKUs" (under /api/auth, as the spec has them); the spec's body wrappers are in the contracts. */
@Controller('auth')
export class AddressController {
  constructor(private readonly rpc: RpcClient) {}

  @ApiDoc({ summary: 'Saved addresses', response: savedAddressesResponseSchema })
  @Forwards(AddressRpc.listAddresses)
  @Get('get-address/:userId')
  listAddresses(@Param('userId') userId: string, @Ctx() ctx: CallContext): Promise<SavedAddressesResponse> {
    return this.rpc.call(AddressRpc.listAddresses, { userId }, ctx);
  }

  @ApiDoc({ summary: 'Save an address', body: addressBodySchema, response: savedAddressSchema, status: 201 })
  @Forwards(AddressRpc.saveAddress)
  @Post('save-address/:userId')
  saveAddress(@Param('userId') userId: string, @Body(new ZodBody(addressBodySchema)) body: z.output<typeof addressBodySchema>, @Ctx() ctx: CallContext): Promise<SavedAddress> {
    return this.rpc.call(AddressRpc.saveAddress, { userId, address: body.formData }, ctx);
  }

  @ApiDoc({ summary: 'Change a saved address', body: addressBodySchema, response: savedAddressSchema })
  @Forwards(AddressRpc.updateAddress)
  @Post('update-address/:userId/:addressId')
  @HttpCode(200)
  updateAddress(@Param('userId') userId: string, @Param('addressId') id: string, @Body(new ZodBody(addressBodySchema)) body: z.output<typeof addressBodySchema>, @Ctx() ctx: CallContext): Promise<SavedAddress> {
    return this.rpc.call(AddressRpc.updateAddress, { userId, id, address: body.formData }, ctx);
  }

  @ApiDoc({ summary: 'Delete a saved address', body: deleteAddressBodySchema, response: okSchema })
  @Forwards(AddressRpc.deleteAddress)
  @Post('delete-address/:userId')
  @HttpCode(200)
  deleteAddress(@Param('userId') userId: string, @Body(new ZodBody(deleteAddressBodySchema)) body: z.output<typeof deleteAddressBodySchema>, @Ctx() ctx: CallContext): Promise<{ ok: true }> {
    return this.rpc.call(AddressRpc.deleteAddress, { userId, id: body.id }, ctx);
  }

  @ApiDoc({ summary: 'SKU presets', response: skuListResponseSchema })
  @Forwards(AddressRpc.listSkus)
  @Get('get-sku/:userId')
  listSkus(@Param('userId') userId: string, @Ctx() ctx: CallContext): Promise<SkuListResponse> {
    return this.rpc.call(AddressRpc.listSkus, { userId }, ctx);
  }

  /** Uploaded rows are checked one by one in the address service, so every bad row can be named. */
  @ApiDoc({ summary: 'Add SKU rows (all or nothing; every bad row reported)', body: addSkusBodySchema, response: addSkusResponseSchema, status: 201 })
  @Forwards(AddressRpc.addSkus)
  @Post('add-sku/:userId')
  addSkus(@Param('userId') userId: string, @Body(new ZodBody(addSkusBodySchema)) body: z.output<typeof addSkusBodySchema>, @Ctx() ctx: CallContext): Promise<AddSkusResponse> {
    return this.rpc.call(AddressRpc.addSkus, { userId, rows: body.parsedData }, ctx);
  }

  @ApiDoc({ summary: 'Change a SKU preset', body: skuBodySchema, response: skuRecordSchema })
  @Forwards(AddressRpc.updateSku)
  @Post('update-sku/:userId/:skuId')
  @HttpCode(200)
  updateSku(@Param('userId') userId: string, @Param('skuId') id: string, @Body(new ZodBody(skuBodySchema)) body: z.output<typeof skuBodySchema>, @Ctx() ctx: CallContext): Promise<SkuRecord> {
    return this.rpc.call(AddressRpc.updateSku, { userId, id, sku: body.skuData }, ctx);
  }

  @ApiDoc({ summary: 'Delete a SKU preset', response: okSchema })
  @Forwards(AddressRpc.deleteSku)
  @Post('delete-sku/:id')
  @HttpCode(200)
  deleteSku(@Param('id') id: string, @Ctx() ctx: CallContext): Promise<{ ok: true }> {
    return this.rpc.call(AddressRpc.deleteSku, { id }, ctx);
  }
}
