import { COURIERS, LABEL_CARRIERS } from '@labeldesk/contracts';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { productSourceFiles, REPO_ROOT } from '../../test/support/product-sources';
import { CARRIER_PLUGINS } from './carrier-plugins';

/**
 * The seam of the carriers (issue 45): a label carrier is its folder (carriers/<id>/, with <id>.plugin.ts) plus its
 * line in carrier-plugins.ts and its name in the contracts' LABEL_CARRIER_NAMES. Nothing else in the product's source
 * names a carrier's settings or its id, so adding one touches nothing else.
 */
const CARRIERS_DIR = __dirname;

/** Where a carrier may be named: the carriers' list, the contracts' names, and the default of CARRIERS. */
const ALLOWED = new Set([
  'services/orders/src/carriers/carrier-plugins.ts',
  'libs/contracts/src/lib/orders/label-carrier.schema.ts',
  'services/orders/src/config/env.schema.ts',
]);

/** What names one carrier in code: its settings' names, and its id as a string or key unless a courier has it too. */
const markersOf = (id: string, settings: readonly string[]): RegExp[] => [
  ...settings.map((name) => new RegExp(`\\b${name}\\b`)),
  ...((COURIERS as readonly string[]).includes(id) ? [] : [new RegExp(`['"\`]${id}['"\`]|\\b${id}\\s*:`)]),
];

describe('the carriers seam', () => {
  it('has one plugin per carrier the contracts name, each in a folder of its own id with its plugin file', () => {
    expect(Object.keys(CARRIER_PLUGINS).sort()).toEqual([...LABEL_CARRIERS].sort());
    for (const [id, plugin] of Object.entries(CARRIER_PLUGINS)) {
      expect(plugin.id).toBe(id);
      expect(existsSync(join(CARRIERS_DIR, id, `${id}.plugin.ts`))).toBe(true);
    }
  });

  it('names no carrier id or carrier setting anywhere in the product outside its own folder and the lists', () => {
    const carriers = Object.values(CARRIER_PLUGINS).map((plugin) => ({
      id: plugin.id,
      folder: join(CARRIERS_DIR, plugin.id) + sep,
      markers: markersOf(plugin.id, Object.keys(plugin.settings)),
    }));
    const found = productSourceFiles().flatMap((file) => {
      const path = relative(REPO_ROOT, file);
      if (ALLOWED.has(path)) return [];
      const text = readFileSync(file, 'utf8');
      return carriers
        .filter((carrier) => !file.startsWith(carrier.folder) && carrier.markers.some((marker) => marker.test(text)))
        .map((carrier) => `${path} names ${carrier.id}`);
    });
    expect(found).toEqual([]);
  });

  it('finds a carrier named outside its folder (the check can fail)', () => {
    const [easypost] = markersOf('easypost', ['EASYPOST_API_KEY']).slice(1);
    expect(markersOf('easypost', ['EASYPOST_API_KEY'])[0]!.test('env.EASYPOST_API_KEY')).toBe(true);
    expect(easypost!.test("if (label.carrier !== 'easypost') continue;")).toBe(true);
    expect(easypost!.test('{ easypost: 2 }')).toBe(true);
    expect(markersOf('usps', ['USPS_CRID'])).toHaveLength(1);
  });
});
