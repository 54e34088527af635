// Builds src/core/data/safe-libraries.json from @safe-global/safe-deployments (a devDependency):
// the MultiSend / MultiSendCallOnly deployments a Safe may DELEGATECALL without a strong warning,
// and the other Safe libraries (SignMessageLib, CreateCall, migrations, SimulateTxAccessor), with
// the chains each address is deployed on. `node scripts/build-safe-libraries.mjs`
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

const require = createRequire(import.meta.url)
const pkgJson = require.resolve('@safe-global/safe-deployments/package.json')
const { version: pkgVersion } = JSON.parse(fs.readFileSync(pkgJson, 'utf8'))
const assets = path.join(path.dirname(pkgJson), 'dist', 'assets')
const FILES = {
  multi_send: ['MultiSend', 'multisend'],
  multi_send_call_only: ['MultiSendCallOnly', 'multisend'],
  sign_message_lib: ['SignMessageLib', 'library'],
  create_call: ['CreateCall', 'library'],
  simulate_tx_accessor: ['SimulateTxAccessor', 'library'],
  safe_migration: ['SafeMigration', 'migration'],
  safe_to_l2_migration: ['SafeToL2Migration', 'migration'],
}
const contracts = []
const chains = {}
for (const v of fs.readdirSync(assets).sort()) {
  for (const [file, [name, kind]] of Object.entries(FILES)) {
    const p = path.join(assets, v, `${file}.json`)
    if (!fs.existsSync(p)) continue
    const j = JSON.parse(fs.readFileSync(p, 'utf8'))
    const index = {}
    for (const [type, d] of Object.entries(j.deployments ?? {})) {
      index[type] = contracts.length
      contracts.push({ address: d.address, name, version: j.version, kind, deployment: type })
    }
    for (const [chainId, types] of Object.entries(j.networkAddresses)) {
      for (const t of Array.isArray(types) ? types : [types]) {
        const i = index[t] ?? contracts.findIndex((c) => c.address.toLowerCase() === String(t).toLowerCase())
        if (i === undefined || i < 0) continue
        const list = (chains[chainId] ??= [])
        if (!list.includes(i)) list.push(i)
      }
    }
  }
}
const out = { source: `@safe-global/safe-deployments@${pkgVersion}`, contracts, chains }
fs.writeFileSync(new URL('../src/core/data/safe-libraries.json', import.meta.url), JSON.stringify(out) + '\n')
console.log(`${contracts.length} contracts on ${Object.keys(chains).length} chains from ${out.source}`)
