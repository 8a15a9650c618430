import { existsSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { productSourceFiles, REPO_ROOT } from '../../test/support/product-sources';
import { z } from 'zod';
import { STORE_PLUGINS } from './store-plugins';

/**
 * The seam of the stores (issue 47, decision 105): a store is its folder (stores/<id>/, with <id>.plugin.ts) plus its
 * line in store-plugins.ts. Nothing else in the product's source names a store's id, so adding one touches nothing else.
 */
const STORES_DIR = __dirname;

/** The store's id (lower case) as a string or a key. */
const markerOf = (id: string): RegExp => new RegExp(`['"\`]${id}['"\`]|\\b${id}\\s*:`);

describe('the stores seam', () => {
  it('has each store in a folder of its own id with its plugin file', () => {
    expect(STORE_PLUGINS.size).toBeGreaterThan(0);
    for (const [id, plugin] of STORE_PLUGINS) {
      expect(plugin.id).toBe(id);
      expect(existsSync(join(STORES_DIR, id, `${id}.plugin.ts`))).toBe(true);
    }
  });

  it('draws each store\'s connect form from exactly the fields its credentials schema takes', () => {
    for (const plugin of STORE_PLUGINS.values()) {
      expect(plugin.credentials).toBeInstanceOf(z.ZodObject);
      expect(plugin.connectFields.map((field) => field.name).sort()).toEqual(Object.keys((plugin.credentials as z.ZodObject).shape).sort());
    }
  });

  it('connects each store one way: keys checked by connect, or OAuth (decision 107), never both or neither', () => {
    for (const plugin of STORE_PLUGINS.values()) expect([plugin.id, Number(plugin.connect !== undefined) + Number(plugin.oauth !== undefined)]).toEqual([plugin.id, 1]);
  });

  it('prefixes each store\'s settings with its id, so no two stores share an environment variable', () => {
    for (const plugin of STORE_PLUGINS.values()) {
      for (const name of Object.keys(plugin.settings ?? {})) expect(name.startsWith(`${plugin.id.toUpperCase()}_`) ? plugin.id : `${name} of ${plugin.id}`).toBe(plugin.id);
    }
  });

  it('names no store id anywhere in the product outside its own folder', () => {
    const stores = [...STORE_PLUGINS.keys()].map((id) => ({ id, folder: join(STORES_DIR, id) + sep, marker: markerOf(id) }));
    const found = productSourceFiles().flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return stores.filter((store) => !file.startsWith(store.folder) && store.marker.test(text)).map((store) => `${relative(REPO_ROOT, file)} names ${store.id}`);
    });
    expect(found).toEqual([]);
  });

  it('finds a store named outside its folder (the check can fail)', () => {
    expect(markerOf('woocommerce').test("if (connection.kind === 'woocommerce') return;")).toBe(true);
    expect(markerOf('woocommerce').test('{ woocommerce: plugin }')).toBe(true);
    expect(markerOf('woocommerce').test('the WooCommerce store')).toBe(false);
  });
});
