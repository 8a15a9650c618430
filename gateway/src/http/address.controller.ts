import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { AddressRpc, addressFormSchema, skuFormSchema, type SavedAddress, type SkuRecord, savedAddressSchema, skuRecordSchema, okSchema } from '@labeldesk/contracts';
import { RpcClient } from '@labeldesk/nest-transport';
import { ApiDoc } from '../docs/api-doc.decorator';
import { z } from 'zod';
import { Ctx, type CallContext } from '../auth/request-context';
import { ZodBody } from './zod-body.pipe';

// The spec's wrappers ({formData}, {skuData}, {parsedData}, {id}). Uploaded rows are checked one by one in the
// address service, so every bad row can be named.
const formDataBody = z.object({ formData: addressFormSchema });
const skuDataBody = z.object({ skuData: skuFormSchema });
const parsedDataBody = z.object({ parsedData: z.array(z.unknown(), { error: 'parsedData must be a list of SKU rows' }) });
const idBody = z.object({ id: z.string({ error: 'id is required' }) });

/** Spec 7 "Addresses and SKUs" (under /api/auth, as the spec has them). */
@Controller('auth')
export class AddressController {
  constructor(private readonly rpc: RpcClient) {}

  @ApiDoc({ summary: 'Saved addresses', response: z.object({ savedAddress: z.array(savedAddressSchema) }) })
  @Get('get-address/:userId')
  listAddresses(@Param('userId') userId: string, @Ctx() ctx: CallContext): Promise<{ savedAddress: SavedAddress[] }> {
    return this.rpc.call(AddressRpc.listAddresses, { userId }, ctx);
  }

  @ApiDoc({ summary: 'Save an address', body: formDataBody, response: savedAddressSchema, status: 201 })
  @Post('save-address/:userId')
  saveAddress(@Param('userId') userId: string, @Body(new ZodBody(formDataBody)) body: z.output<typeof formDataBody>, @Ctx() ctx: CallContext): Promise<SavedAddress> {
    return this.rpc.call(AddressRpc.saveAddress, { userId, address: body.formData }, ctx);
  }

  @ApiDoc({ summary: 'Change a saved address', body: formDataBody, response: savedAddressSchema })
  @Post('update-address/:userId/:addressId')
  @HttpCode(200)
  updateAddress(@Param('userId') userId: string, @Param('addressId') id: string, @Body(new ZodBody(formDataBody)) body: z.output<typeof formDataBody>, @Ctx() ctx: CallContext): Promise<SavedAddress> {
    return this.rpc.call(AddressRpc.updateAddress, { userId, id, address: body.formData }, ctx);
  }

  @ApiDoc({ summary: 'Delete a saved address', body: idBody, response: okSchema })
  @Post('delete-address/:userId')
  @HttpCode(200)
  deleteAddress(@Param('userId') userId: string, @Body(new ZodBody(idBody)) body: z.output<typeof idBody>, @Ctx() ctx: CallContext): Promise<{ ok: true }> {
    return this.rpc.call(AddressRpc.deleteAddress, { userId, id: body.id }, ctx);
  }

  @ApiDoc({ summary: 'SKU presets', response: z.object({ SkuData: z.array(skuRecordSchema) }) })
  @Get('get-sku/:userId')
  listSkus(@Param('userId') userId: string, @Ctx() ctx: CallContext): Promise<{ SkuData: SkuRecord[] }> {
    return this.rpc.call(AddressRpc.listSkus, { userId }, ctx);
  }

  @ApiDoc({ summary: 'Add SKU rows (all or nothing; every bad row reported)', body: parsedDataBody, response: z.object({ added: z.array(skuRecordSchema) }), status: 201 })
  @Post('add-sku/:userId')
  addSkus(@Param('userId') userId: string, @Body(new ZodBody(parsedDataBody)) body: z.output<typeof parsedDataBody>, @Ctx() ctx: CallContext): Promise<{ added: SkuRecord[] }> {
    return this.rpc.call(AddressRpc.addSkus, { userId, rows: body.parsedData }, ctx);
  }

  @ApiDoc({ summary: 'Change a SKU preset', body: skuDataBody, response: skuRecordSchema })
  @Post('update-sku/:userId/:skuId')
  @HttpCode(200)
  updateSku(@Param('userId') userId: string, @Param('skuId') id: string, @Body(new ZodBody(skuDataBody)) body: z.output<typeof skuDataBody>, @Ctx() ctx: CallContext): Promise<SkuRecord> {
    return this.rpc.call(AddressRpc.updateSku, { userId, id, sku: body.skuData }, ctx);
  }

  @ApiDoc({ summary: 'Delete a SKU preset', response: okSchema })
  @Post('delete-sku/:id')
  @HttpCode(200)
  deleteSku(@Param('id') id: string, @Ctx() ctx: CallContext): Promise<{ ok: true }> {
    return this.rpc.call(AddressRpc.deleteSku, { id }, ctx);
  }
}
