// jest's runtime with one change: a CommonJS module is compiled as a vm.Script (as jest did before v25) instead of with
// vm.compileFunction, so V8 compiles each module's source once per worker instead of once per test file.
//
// Every test file gets a new module registry and a new vm context, and loads its modules again (~1,200 for a service
// spec: Nest, MikroORM, zod schemas...). Running them again is the isolation jest promises; compiling them again is
// not. A vm.Script is compiled through V8's compilation cache (keyed by the source and the file name, shared by the
// contexts of one process): the next test file gets the functions the previous one compiled, lazily compiled ones
// included. vm.compileFunction never looks there. The module still runs anew in each test file's context.
// Measured: docs/benchmarks.md "Where CI's CPU goes", decision 129.
//
// A source that may call import() keeps jest's compile: its import needs jest's callback, and a script given a
// callback carries host options of its own, which V8's cache never matches (measured: every such script compiles).
const { Script } = require('node:vm');
const Runtime = require('jest-runtime').default;

const MAY_IMPORT = /\bimport\s*\(/;

class CompileOnceRuntime extends Runtime {
  constructor(...args) {
    super(...args);
    const executor = this.executor;
    const jestCompile = executor.compile.bind(executor);
    executor.compile = (scriptSource, filename) => {
      const vmContext = executor.environment.getVmContext();
      if (vmContext == null || MAY_IMPORT.test(scriptSource) || executor.resolution.isCoreModule(filename)) return jestCompile(scriptSource, filename);
      const head = `({"Object.<anonymous>":function(${executor.injectedModuleParameters.join(',')}){`;
      let script;
      try {
        // The head shares the module's first line: the negative column offset keeps that line's columns (stack traces,
        // source maps) where they are in the module.
        script = new Script(`${head}${scriptSource}\n}});`, { filename, columnOffset: -head.length });
      } catch {
        // jest's compile reports the syntax error as jest does.
        return jestCompile(scriptSource, filename);
      }
      return script.runInContext(vmContext)['Object.<anonymous>'];
    };
  }
}

module.exports = CompileOnceRuntime;
