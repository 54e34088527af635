/**
 * Compiles the AssemblyScript hot loops of the vanity and CREATE2-salt tools
 * (src/wasm/vanity/{create2,vanity}.ts) to WebAssembly with AssemblyScript's JS API. Used by
 * the Vite plugin in vite.config.ts (the build emits the .wasm files as assets; nothing
 * compiled is committed), by the tests and by the bench. The result is cached per process.
 */
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import asc from 'assemblyscript/asc'

export const WASM_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'wasm', 'vanity')

export type Kernel = 'create2' | 'vanity'

/** Where static data starts (above the fixed scratch memory of src/wasm/vanity/*.ts) and the initial pages. */
const LAYOUT: Record<Kernel, { memoryBase: number; pages: number }> = {
  create2: { memoryBase: 4096, pages: 1 },
  vanity: { memoryBase: 196608, pages: 4 },
}

const cache = new Map<Kernel, Promise<Uint8Array>>()

/** The compiled kernel (AssemblyScript → wasm, -O3, no runtime, no imports). */
export function compileKernel(kernel: Kernel): Promise<Uint8Array> {
  let p = cache.get(kernel)
  if (!p) {
    p = compile(kernel)
    cache.set(kernel, p)
  }
  return p
}

async function compile(kernel: Kernel): Promise<Uint8Array> {
  let binary: Uint8Array | undefined
  const errors: string[] = []
  const { memoryBase, pages } = LAYOUT[kernel]
  const { error } = await asc.main(
    [
      join(WASM_DIR, `${kernel}.ts`),
      '--outFile', `${kernel}.wasm`,
      '-O3', '--runtime', 'stub', '--noAssert', '--use', 'abort=',
      '--memoryBase', String(memoryBase), '--initialMemory', String(pages),
    ],
    {
      stdout: { write: () => true } as never,
      stderr: { write: (s: string | Uint8Array) => (errors.push(String(s)), true) } as never,
      writeFile: (name: string, contents: Uint8Array | string) => {
        if (name.endsWith('.wasm') && typeof contents !== 'string') binary = contents
      },
    },
  )
  if (error || !binary) throw new Error(`AssemblyScript could not compile src/wasm/vanity/${kernel}.ts: ${error?.message ?? 'no output'}\n${errors.join('')}`)
  return binary
}
