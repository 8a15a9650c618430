// Command-line options for a benchmark script, table-driven: each flag names its option and how its text is read;
// `--flag value` and `--flag=value` both work, and --help prints the script's leading comment.
import { readFileSync } from 'node:fs';

/** The comment lines a script starts with, up to its first import: its usage text. */
export const leadingComment = (scriptUrl) => {
  const lines = readFileSync(new URL(scriptUrl), 'utf8').split('\n');
  return lines.slice(0, lines.findIndex((l) => l.startsWith('import'))).map((l) => l.replace(/^\/\/ ?/, '')).join('\n');
};

/** A reader of a number ≥ min (whole when `whole`), refusing anything else with the flag's name. */
export const numberAtLeast = (min, { whole = false } = {}) => (text, flag) => {
  const n = Number(text);
  if (!Number.isFinite(n) || n < min || (whole && !Number.isInteger(n))) throw new Error(`${flag} must be a ${whole ? 'whole ' : ''}number ≥ ${min}, got ${text}`);
  return n;
};

/** A reader of one of `choices`. */
export const oneOf = (choices) => (text, flag) => {
  if (!choices.includes(text)) throw new Error(`${flag} must be one of ${choices.join(', ')}, got ${text}`);
  return text;
};

/** A reader of a comma-separated list of `known` names. */
export const listOf = (known) => (text, flag) => {
  const names = text.split(',').map((s) => s.trim()).filter(Boolean);
  for (const name of names) if (!known.includes(name)) throw new Error(`${flag}: unknown ${name} (known: ${known.join(', ')})`);
  return names;
};

/**
 * `defaults` with the flags of `argv` read in: `flags` maps each flag to [option name, reader(text, flag)]. --help
 * prints `usage` and exits; an unknown flag is an error.
 */
export const parseOptions = (argv, defaults, flags, usage) => {
  const options = { ...defaults };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split(/=(.*)/s, 2);
    if (flag === '--help' || flag === '-h') {
      console.log(usage);
      process.exit(0);
    }
    const known = flags[flag];
    if (!known) throw new Error(`unknown option ${argv[i]} (--help lists them)`);
    const text = inline ?? argv[++i];
    if (text === undefined) throw new Error(`${flag} needs a value`);
    options[known[0]] = known[1](text, flag);
  }
  return options;
};
