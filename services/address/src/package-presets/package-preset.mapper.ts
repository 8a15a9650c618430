import type { PackagePreset } from '@labeldesk/contracts';
import type { PackagePresetEntity } from './package-preset.entity';

export const toPackagePreset = (entity: PackagePresetEntity): PackagePreset => ({
  id: entity.id,
  name: entity.name,
  lengthIn: entity.lengthIn,
  widthIn: entity.widthIn,
  heightIn: entity.heightIn,
  tareWeightOz: entity.tareWeightOz,
});
