import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(__dirname, '../../../..');

/** A party of the NATS mutual TLS: the server, or a process signing in as its user. */
export type CertificateHolder = 'nats' | 'gateway' | 'auth' | 'orders' | 'payments' | 'pricing' | 'address';

export interface PemFiles {
  caFile: string;
  certFile: string;
  keyFile: string;
}

/** A run's throw-away CA and certificates (scripts/make-nats-certs.sh), in a private folder of their own. */
export interface NatsCertificates {
  folder: string;
  /** The CA certificate and the holder's own certificate and key. */
  of(holder: CertificateHolder): PemFiles;
  /** Deletes the folder, keys and all. */
  remove(): void;
}

/** Made by the same script as scripts/start-distributed.sh's, so the tests run what the operator runs. */
export const makeNatsCertificates = (): NatsCertificates => {
  const parent = mkdtempSync(join(tmpdir(), 'labeldesk-nats-tls-'));
  const folder = join(parent, 'certs');
  try {
    execFileSync('bash', [join(root, 'scripts/make-nats-certs.sh'), folder, '1'], { stdio: ['ignore', 'ignore', 'pipe'] });
  } catch (error) {
    rmSync(parent, { recursive: true, force: true });
    throw error;
  }
  return {
    folder,
    of: (holder) => ({ caFile: join(folder, 'ca.pem'), certFile: join(folder, `${holder}.pem`), keyFile: join(folder, `${holder}-key.pem`) }),
    remove: () => rmSync(parent, { recursive: true, force: true }),
  };
};

/** A holder's files as the environment variables the processes (and nats-server's config) read. */
export const tlsEnvOf = (files: PemFiles): NodeJS.ProcessEnv => ({ NATS_TLS_CA: files.caFile, NATS_TLS_CERT: files.certFile, NATS_TLS_KEY: files.keyFile });
