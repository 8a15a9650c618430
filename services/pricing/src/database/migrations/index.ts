import type { MigrationObject } from '@mikro-orm/core';
import { Migration001Services } from './migration-001-services';
import { Migration002CatalogVersions } from './migration-002-catalog-versions';
import { Migration003FlatHeavyDefaults } from './migration-003-flat-heavy-defaults';
import { Migration004PricingModes } from './migration-004-pricing-modes';
import { Migration006CountryGroupPrices } from './migration-006-country-group-prices';

export const pricingMigrations: MigrationObject[] = [
  { name: 'Migration001Services', class: Migration001Services },
  { name: 'Migration002CatalogVersions', class: Migration002CatalogVersions },
  { name: 'Migration003FlatHeavyDefaults', class: Migration003FlatHeavyDefaults },
  { name: 'Migration004PricingModes', class: Migration004PricingModes },
  { name: 'Migration006CountryGroupPrices', class: Migration006CountryGroupPrices },
];
