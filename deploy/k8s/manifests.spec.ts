import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { Service } from 'kubernetes-models/v1/Service';
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { Namespace } from 'kubernetes-models/v1/Namespace';
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { REPLICA_DRAIN_GRACE_MS } from '@labeldesk/nest-transport';
import { BULK_ROWS_CEILING } from '@labeldesk/contracts';

interface Manifest {
  kind: string;
  metadata: { name: string; namespace?: string };
  spec?: Record<string, unknown>;
  data?: Record<string, string>;
}
interface Container {
  name: string;
  command?: string[];
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  securityContext?: { allowPrivilegeEscalation?: boolean; readOnlyRootFilesystem?: boolean; capabilities?: { drop?: string[] } };
  startupProbe?: { httpGet?: { path: string } };
  livenessProbe?: { httpGet?: { path: string } };
  readinessProbe?: { httpGet?: { path: string } };
  env?: Array<{ name: string; value?: string; valueFrom?: { secretKeyRef?: { name: string; key: string } } }>;
  volumeMounts?: Array<{ name: string; mountPath: string; readOnly?: boolean }>;
}
interface SecretProjection {
  secret?: { name: string; items?: Array<{ key: string; path: string }> };
}
interface Volume {
  name: string;
  projected?: { defaultMode?: number; sources: SecretProjection[] };
}
interface PodSpec {
  securityContext?: { runAsNonRoot?: boolean; runAsUser?: number; fsGroup?: number; seccompProfile?: { type?: string } };
  terminationGracePeriodSeconds?: number;
  containers: Container[];
  volumes?: Volume[];
}

const dir = __dirname;
const kustomization = parseAllDocuments(readFileSync(join(dir, 'kustomization.yaml'), 'utf8'))[0]?.toJS() as { resources: string[] };
const manifests: Manifest[] = kustomization.resources.flatMap((file) =>
  parseAllDocuments(readFileSync(join(dir, file), 'utf8')).map((doc) => doc.toJS() as Manifest),
);
const deployments = manifests.filter((m) => m.kind === 'Deployment');
const podOf = (deployment: Manifest) => (deployment.spec as { template: { spec: PodSpec } }).template.spec;
const named = (kind: string) => new Set(manifests.filter((m) => m.kind === kind).map((m) => (m.spec as { selector?: { matchLabels?: Record<string, string> }; scaleTargetRef?: { name: string } }).selector?.matchLabels?.['app.kubernetes.io/name'] ?? (m.spec as { scaleTargetRef?: { name: string } }).scaleTargetRef?.name));

const MODELS: Record<string, new (data: never) => { validate(): void }> = {
  Deployment: Deployment as never,
  Service: Service as never,
  ConfigMap: ConfigMap as never,
  Namespace: Namespace as never,
  NetworkPolicy: NetworkPolicy as never,
  PodDisruptionBudget: PodDisruptionBudget as never,
  HorizontalPodAutoscaler: HorizontalPodAutoscaler as never,
};

describe('the Kubernetes manifests (deploy/k8s, kubectl apply -k)', () => {
  it('lists every manifest file of the folder in the kustomization, the namespace first', () => {
    const files = readdirSync(dir).filter((f) => f.endsWith('.yaml') && f !== 'kustomization.yaml');
    expect([...kustomization.resources].sort()).toEqual(files.sort());
    expect(kustomization.resources[0]).toBe('namespace.yaml');
  });

  it('validates every object against the Kubernetes schemas', () => {
    expect(manifests.length).toBeGreaterThan(20);
    for (const manifest of manifests) {
      const Model = MODELS[manifest.kind];
      expect({ kind: manifest.kind, known: Model !== undefined }).toEqual({ kind: manifest.kind, known: true });
      expect(() => new (Model as NonNullable<typeof Model>)(manifest as never).validate()).not.toThrow();
    }
  });

  it.each(deployments.map((d) => [d.metadata.name, d] as const))('runs %s as a numeric non-root user with no capabilities, RuntimeDefault seccomp and a read-only root', (_name, deployment) => {
    const pod = podOf(deployment);
    expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: expect.any(Number), seccompProfile: { type: 'RuntimeDefault' } });
    for (const container of pod.containers) {
      expect(container.securityContext).toMatchObject({ allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, capabilities: { drop: ['ALL'] } });
    }
  });

  it.each(deployments.map((d) => [d.metadata.name, d] as const))('gives %s requests and limits, startup, liveness and readiness probes, and a grace period', (_name, deployment) => {
    const pod = podOf(deployment);
    expect(pod.terminationGracePeriodSeconds).toBeGreaterThanOrEqual(10);
    for (const container of pod.containers) {
      expect(Object.keys(container.resources?.requests ?? {}).sort()).toEqual(['cpu', 'memory']);
      expect(Object.keys(container.resources?.limits ?? {}).sort()).toEqual(['cpu', 'memory']);
      expect(container.startupProbe).toBeDefined();
      expect(container.livenessProbe).toBeDefined();
      expect(container.readinessProbe).toBeDefined();
    }
  });

  it.each(deployments.filter((d) => d.metadata.name !== 'nats').map((d) => [d.metadata.name, d] as const))('gives %s time to stop gracefully: its shutdown delay and the drain of its handlers fit in the grace period', (_name, deployment) => {
    const pod = podOf(deployment);
    for (const container of pod.containers) {
      const delayMs = Number(container.env?.find((e) => e.name === 'SHUTDOWN_DELAY_MS')?.value ?? 0);
      expect(delayMs + REPLICA_DRAIN_GRACE_MS).toBeLessThan((pod.terminationGracePeriodSeconds ?? 30) * 1000);
    }
  });

  it.each(deployments.filter((d) => d.metadata.name !== 'nats').map((d) => [d.metadata.name, d] as const))('rolls %s out one new pod at a time, stopping an old one only once the new one is ready', (_name, deployment) => {
    expect(deployment.spec?.['strategy']).toEqual({ type: 'RollingUpdate', rollingUpdate: { maxSurge: 1, maxUnavailable: 0 } });
  });

  it('keeps the database out of liveness: the apps\' liveness asks only whether the process answers', () => {
    for (const deployment of deployments.filter((d) => d.metadata.name !== 'nats')) {
      const [container] = podOf(deployment).containers;
      expect(container?.livenessProbe?.httpGet?.path).toMatch(/\/live$/);
      expect(container?.readinessProbe?.httpGet?.path).toMatch(/\/ready$/);
    }
  });

  it('starts every app with node --expose-gc, so the idle collector never switches V8 flags at run time', () => {
    for (const deployment of deployments.filter((d) => d.metadata.name !== 'nats')) {
      const [container] = podOf(deployment).containers;
      expect(container?.command?.slice(0, 2)).toEqual(['node', '--expose-gc']);
    }
  });

  it('gives every app its own caller-token key and every party\'s public keys, from the Secret (decision 028)', () => {
    for (const deployment of deployments.filter((d) => d.metadata.name !== 'nats')) {
      const env = podOf(deployment).containers[0]?.env ?? [];
      const secretOf = (variable: string) => env.find((e) => e.name === variable)?.valueFrom?.secretKeyRef;
      expect(secretOf('CALLER_KEY')).toEqual({ name: 'labeldesk-secrets', key: `${deployment.metadata.name.toUpperCase()}_CALLER_KEY` });
      expect(secretOf('CALLER_TRUST')).toEqual({ name: 'labeldesk-secrets', key: 'CALLER_TRUST' });
    }
  });

  it('asks Prometheus to scrape every workload of ours on its metrics port', () => {
    for (const deployment of deployments.filter((d) => d.metadata.name !== 'nats')) {
      const annotations = (deployment.spec as { template: { metadata: { annotations?: Record<string, string> } } }).template.metadata.annotations;
      expect(annotations).toMatchObject({ 'prometheus.io/scrape': 'true', 'prometheus.io/path': '/metrics', 'prometheus.io/port': expect.stringMatching(/^\d+$/) });
    }
  });

  it('covers every Deployment with a PodDisruptionBudget, and the gateway and orders with an autoscaler', () => {
    const names = deployments.map((d) => d.metadata.name);
    expect([...named('PodDisruptionBudget')].sort()).toEqual([...names].sort());
    expect([...named('HorizontalPodAutoscaler')].sort()).toEqual(['gateway', 'orders']);
  });

  it('denies all traffic by default and lets in from outside our namespace only the gateway, and only from the ingress controller', () => {
    const policies = manifests.filter((m) => m.kind === 'NetworkPolicy');
    const denyAll = policies.find((p) => p.metadata.name === 'default-deny');
    expect(denyAll?.spec).toEqual({ podSelector: {}, policyTypes: ['Ingress', 'Egress'] });
    type Rule = { from?: Array<{ podSelector?: unknown; namespaceSelector?: { matchLabels?: Record<string, string> } }>; ports?: Array<{ port: number }> };
    const ingress = policies.filter((p) => ((p.spec as { policyTypes: string[] }).policyTypes ?? []).includes('Ingress') && p !== denyAll);
    const rulesOf = (p: Manifest) => (p.spec as { ingress?: Rule[] }).ingress ?? [];
    // A rule without `from` admits anyone; a namespaceSelector peer admits another namespace.
    const admitted = ingress.flatMap((p) =>
      rulesOf(p)
        .filter((rule) => rule.from === undefined || rule.from.some((peer) => peer.namespaceSelector !== undefined))
        .map((rule) => ({ policy: p.metadata.name, from: rule.from?.map((peer) => peer.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name'] ?? 'anyone') ?? ['anyone'], ports: rule.ports?.map((port) => port.port) })),
    );
    expect(admitted).toEqual([
      { policy: 'gateway-ingress', from: ['ingress-nginx'], ports: [3000] },
      { policy: 'metrics-scrape', from: ['monitoring'], ports: [8081, 9464] },
    ]);
  });

  it('lets orders reach HTTPS on the internet (the carriers; payments has BTCPay), never the private networks around the cluster', () => {
    type Peer = { ipBlock?: { cidr: string; except?: string[] } };
    type Rule = { to?: Peer[]; ports?: Array<{ port: number }> };
    const egress = manifests
      .filter((m) => m.kind === 'NetworkPolicy')
      .flatMap((p) => ((p.spec as { egress?: Rule[] }).egress ?? []).map((rule) => ({ policy: p.metadata.name, rule })));
    const https = egress.filter(({ rule }) => rule.ports?.some((port) => port.port === 443));
    expect(https.map(({ policy }) => policy).sort()).toEqual(['orders-egress', 'payments-egress']);
    const block = https.find(({ policy }) => policy === 'orders-egress')?.rule.to?.[0]?.ipBlock;
    expect(block?.cidr).toBe('0.0.0.0/0');
    expect(block?.except).toEqual(expect.arrayContaining(['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '169.254.0.0/16']));
  });

  it('gives orders the carriers it buys from and every carrier setting from the Secret, and no other app any of them', () => {
    const settings = ['EASYPOST_API_KEY', 'USPS_CLIENT_ID', 'USPS_CLIENT_SECRET', 'USPS_CRID', 'USPS_MID', 'USPS_MANIFEST_MID', 'USPS_ACCOUNT_TYPE', 'USPS_ACCOUNT_NUMBER', 'USPS_PERMIT_ZIP'];
    for (const deployment of deployments) {
      const env = podOf(deployment).containers[0]?.env ?? [];
      const carrierEnv = env.filter((e) => settings.includes(e.name) || e.name === 'CARRIERS' || e.name === 'EASYPOST_MAX_CONCURRENCY');
      if (deployment.metadata.name !== 'orders') {
        expect(carrierEnv).toEqual([]);
        continue;
      }
      expect(env.find((e) => e.name === 'CARRIERS')?.value).toBe('easypost');
      // The bulk engine follows EasyPost's concurrency when BULK_CONCURRENCY is unset; set, a lower one would cap a batch.
      expect(env.find((e) => e.name === 'EASYPOST_MAX_CONCURRENCY')?.value).toBe('64');
      expect(env.find((e) => e.name === 'BULK_CONCURRENCY')).toBeUndefined();
      // The row limit measured in the distributed mode (decision 055), within the ceiling every schema takes.
      expect(Number(env.find((e) => e.name === 'BULK_MAX_ROWS')?.value)).toBe(BULK_ROWS_CEILING);
      for (const name of settings) {
        expect(env.find((e) => e.name === name)?.valueFrom?.secretKeyRef).toMatchObject({ name: 'labeldesk-secrets', key: name });
      }
    }
    const config = manifests.find((m) => m.kind === 'ConfigMap' && m.metadata.name === 'labeldesk-config');
    expect(Object.keys(config?.data ?? {}).filter((key) => settings.includes(key))).toEqual([]);
    const listed = readFileSync(join(dir, 'config.yaml'), 'utf8');
    for (const name of settings) expect(listed).toContain(name);
  });

  it('keeps TRUST_PROXY a hop count only while the gateway admits nothing but the ingress controller (decision 039)', () => {
    const gateway = deployments.find((d) => d.metadata.name === 'gateway');
    const trustProxy = podOf(gateway as Manifest).containers[0]?.env?.find((e) => e.name === 'TRUST_PROXY')?.value;
    expect(trustProxy).toBe('1');
    const policy = manifests.find((m) => m.kind === 'NetworkPolicy' && m.metadata.name === 'gateway-ingress');
    expect((policy?.spec as { ingress: Array<{ from?: unknown[] }> }).ingress.every((rule) => Array.isArray(rule.from) && rule.from.length > 0)).toBe(true);
  });

  it('runs NATS with deploy/nats/nats.conf verbatim', () => {
    const config = manifests.find((m) => m.kind === 'ConfigMap' && m.metadata.name === 'nats-config');
    expect(config?.data?.['nats.conf']).toBe(readFileSync(join(dir, '..', 'nats', 'nats.conf'), 'utf8'));
  });

  describe('mutual TLS to NATS (decision 035)', () => {
    const config = manifests.find((m) => m.kind === 'ConfigMap' && m.metadata.name === 'labeldesk-config')?.data ?? {};
    const natsConf = readFileSync(join(dir, '..', 'nats', 'nats.conf'), 'utf8');
    /** Where a container's TLS variables point, whether from its own env or the shared ConfigMap. */
    const tlsPathsOf = (container: Container) =>
      Object.fromEntries(['NATS_TLS_CA', 'NATS_TLS_CERT', 'NATS_TLS_KEY'].map((name) => [name, container.env?.find((e) => e.name === name)?.value ?? config[name]]));

    /** The pod mounts its own certificate and key and the CA's certificate (never its key), read-only, where the variables point. */
    const expectOwnCertificateMounted = (holder: string, deployment: Manifest) => {
      const pod = podOf(deployment);
      const container = pod.containers[0] as Container;
      const paths = tlsPathsOf(container);
      const folder = String(paths['NATS_TLS_CERT']).replace(/\/[^/]+$/, '');
      const mount = container.volumeMounts?.find((m) => m.mountPath === folder);
      expect(mount).toMatchObject({ readOnly: true });
      const volume = pod.volumes?.find((v) => v.name === mount?.name);
      const files = (volume?.projected?.sources ?? []).flatMap((source) => (source.secret?.items ?? []).map((item) => `${source.secret?.name}:${item.key}->${folder}/${item.path}`));
      expect(files.sort()).toEqual(
        [`labeldesk-nats-ca:ca.crt->${paths['NATS_TLS_CA']}`, `labeldesk-nats-tls-${holder}:tls.crt->${paths['NATS_TLS_CERT']}`, `labeldesk-nats-tls-${holder}:tls.key->${paths['NATS_TLS_KEY']}`].sort(),
      );
      // Readable by the pod's group only: the files are the pod's, not the world's.
      expect(volume?.projected?.defaultMode).toBe(0o440);
      expect(pod.securityContext?.fsGroup).toBe(1000);
    };

    it('requires TLS with a verified client certificate that names the account on every NATS connection, from the environment\'s files', () => {
      const tls = /\ntls \{([^}]*)\}/.exec(natsConf)?.[1] ?? '';
      expect(tls).toMatch(/\n\s*verify_and_map: true\n/);
      expect(tls).toMatch(/ca_file: \$NATS_TLS_CA\n/);
      expect(tls).toMatch(/cert_file: \$NATS_TLS_CERT\n/);
      expect(tls).toMatch(/key_file: \$NATS_TLS_KEY\n/);
    });

    it.each(deployments.filter((d) => d.metadata.name !== 'nats').map((d) => [d.metadata.name, d] as const))('has %s present its own certificate, mounted read-only from its Secret', (name, deployment) => {
      expect(config['TRANSPORT']).toBe('nats');
      expectOwnCertificateMounted(name, deployment);
    });

    it('has the cert-manager example issue exactly the Secrets the Deployments mount, for the names they connect to', () => {
      const certificates = parseAllDocuments(readFileSync(join(dir, 'cert-manager', 'certificates.yaml'), 'utf8'))
        .map((doc) => doc.toJS() as { kind: string; spec: { secretName?: string; commonName?: string; usages?: string[]; dnsNames?: string[]; isCA?: boolean } })
        .filter((m) => m.kind === 'Certificate');
      const issued = (secret: string) => certificates.find((c) => c.spec.secretName === secret)?.spec;
      const holders = deployments.map((d) => d.metadata.name);
      expect(certificates.map((c) => c.spec.secretName).sort()).toEqual(['labeldesk-nats-ca', ...holders.map((h) => `labeldesk-nats-tls-${h}`)].sort());
      expect(issued('labeldesk-nats-ca')?.isCA).toBe(true);
      for (const holder of holders.filter((h) => h !== 'nats')) expect(issued(`labeldesk-nats-tls-${holder}`)?.usages).toContain('client auth');
      // nats.conf's users are the certificates' subjects (verify_and_map, decision 074): CN=<process>, nothing else.
      for (const holder of holders.filter((h) => h !== 'nats')) expect([issued(`labeldesk-nats-tls-${holder}`)?.commonName, natsConf.includes(`user: "CN=${holder}"`)]).toEqual([holder, true]);
      expect(issued('labeldesk-nats-tls-nats')?.usages).toContain('server auth');
      expect(issued('labeldesk-nats-tls-nats')?.dnsNames).toContain(new URL(String(config['NATS_URL'])).hostname);
    });

    it('gives NATS its server certificate and the CA, mounted read-only from their Secrets', () => {
      const nats = deployments.find((d) => d.metadata.name === 'nats');
      expect(nats).toBeDefined();
      expectOwnCertificateMounted('nats', nats as Manifest);
    });
  });
});
