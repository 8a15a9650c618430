// Counts the SQL statements the process sends through pg, by their shape (literals as ?); printed on SIGTERM. Preload it into the bench's server: BENCH_NODE_ARGS='--require ./scripts/bench-bulk-count-sql.cjs' node scripts/bench-bulk.mjs 1000 0
const { Client } = require(require.resolve('pg', { paths: [process.cwd()] }));
const counts = new Map();
const original = Client.prototype.query;
Client.prototype.query = function (config, ...rest) {
  const text = typeof config === 'string' ? config : config && config.text;
  if (text) {
    const key = text.replace(/\s+/g, ' ').replace(/'(?:[^']|'')*'/g, '?').replace(/\b\d+(\.\d+)?\b/g, 'N').replace(/(\(\?(, \?)*\)(, )?)+/g, '(?…)').slice(0, 150);
    counts.set('TOTAL', (counts.get('TOTAL') || 0) + 1);
    counts.set(key, (counts.get(key) || 0) + 1);
  }
  return original.call(this, config, ...rest);
};
const print = () => {
  const rows = [...counts].sort((a, b) => b[1] - a[1]).slice(0, 30);
  process.stderr.write('\n=== SQL statements by kind\n' + rows.map(([k, n]) => `${String(n).padStart(7)}  ${k}`).join('\n') + '\n');
};
process.once('SIGTERM', () => { print(); process.exit(0); });
