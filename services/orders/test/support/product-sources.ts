import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The repository's root, from services/orders/test/support. */
export const REPO_ROOT = join(__dirname, '../../../..');

/** The product's own source: services, gateway, web and libraries, not tests, fakes, vendored specs or migrations (history). */
const SOURCE_ROOTS = ['services', 'gateway/src', 'web/src', 'libs'].map((path) => join(REPO_ROOT, path));
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'test', 'testing', 'e2e', 'migrations', 'vendor']);
const isProductSource = (path: string) => /\.(ts|tsx)$/.test(path) && !/\.(spec|int-spec|e2e-spec)\.tsx?$/.test(path);

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return SKIPPED_DIRS.has(name) ? [] : sourceFiles(path);
    return isProductSource(path) ? [path] : [];
  });

/** Every product source file's absolute path, for the seam specs that prove a plugin is named nowhere else. */
export const productSourceFiles = (): string[] => SOURCE_ROOTS.flatMap(sourceFiles);
