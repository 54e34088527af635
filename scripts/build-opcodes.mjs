// Builds src/core/data/opcodes.json from @ethereumjs/evm's own opcode tables (getOpcodesForHF
// over @ethereumjs/common, every hardfork of Mainnet from Frontier on): for each hardfork, each
// opcode's byte, name, static gas and whether a dynamic part is added. The app reads the JSON
// (core/bytecode/Opcodes), so no page loads the EVM to name an opcode; Opcodes.test.ts rebuilds
// every table from the library and fails when the file differs. `node scripts/build-opcodes.mjs`
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Common, Mainnet } from '@ethereumjs/common'
import { getOpcodesForHF, paramsEVM } from '@ethereumjs/evm'

/** Every hardfork's table: [{ id, block, timestamp, ops: [[byte, name, fee, dynamic], …] }]. */
export function tables() {
  return Mainnet.hardforks.map((h) => {
    const { opcodes } = getOpcodesForHF(new Common({ chain: Mainnet, hardfork: h.name, params: paramsEVM }))
    const ops = [...opcodes.values()].sort((a, b) => a.code - b.code).map((o) => [o.code, o.fullName, o.fee, o.dynamicGas ? 1 : 0])
    return { id: h.name, block: h.block ?? null, timestamp: h.timestamp ?? null, ops }
  })
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..')
  const version = JSON.parse(fs.readFileSync(path.join(root, 'node_modules/@ethereumjs/evm/package.json'), 'utf8')).version
  const out = { source: `@ethereumjs/evm@${version} getOpcodesForHF, @ethereumjs/common Mainnet hardforks`, hardforks: tables() }
  const file = path.join(root, 'src/core/data/opcodes.json')
  fs.writeFileSync(file, `${JSON.stringify(out).replace(/\],\[/g, '],\n[')}\n`)
  console.log(`wrote ${path.relative(root, file)}: ${out.hardforks.length} hardforks`)
}
