/**
 * A block of many kinds of transaction on a real anvil (issue #38: src/core/chain/BlockWhole.test.ts,
 * BlockRoots.test.ts, e2e/block-whole.spec.ts, bench/block.bench.ts): three tiny contracts
 * (bytecode written out below, no compiler) are deployed, then with automine off `count`
 * transactions are sent from anvil's unlocked accounts (nonces set here, gas given: nothing is
 * estimated against a state without the block's earlier transactions) and mined in one block:
 * value transfers (legacy), storage writes (EIP-2930, with an access list), calls that revert
 * (EIP-1559), nested calls that move value relay → relay → store, a relay whose inner call
 * reverts, contract creations and a creation whose init code reverts. It takes the node as a
 * JSON-RPC function (imports nothing of test/support.ts, which loads vitest: the bench uses it too).
 */

/** SSTORE(calldata[0], calldata[32]); STOP. */
export const STORE = '602035600035' + '5500'
/** REVERT(0, 0). */
export const REVERTER = '60006000fd'
/**
 * CALL(gas, calldata[0], callvalue, calldata[32:]): forwards the rest of its calldata and its
 * value to the address in its first word, and stops whatever the inner call did.
 */
export const RELAY = '6020360380602060003760006000826000346000355af100'

/** Init code that returns `runtime` as the contract's code. */
export const initCode = (runtime: string): `0x${string}` => `0x60${(runtime.length / 2).toString(16).padStart(2, '0')}80600b6000396000f3${runtime}`

const word = (v: bigint | string) => (typeof v === 'string' ? v.slice(2).toLowerCase() : v.toString(16)).padStart(64, '0')

export interface MixedBlock {
  number: number
  hashes: `0x${string}`[]
  contracts: { store: `0x${string}`; relay: `0x${string}`; reverter: `0x${string}` }
}

/** One JSON-RPC request to the node: its result (an error answer throws). */
export type Rpc = <T>(method: string, params?: unknown[]) => Promise<T>

/** Deploys the three contracts (automined); their addresses. */
export async function deployKit(rpc: Rpc): Promise<MixedBlock['contracts']> {
  const [a0] = await rpc<string[]>('eth_accounts')
  const deployed = async (rt: string) => {
    const h = await rpc<string>('eth_sendTransaction', [{ from: a0, data: initCode(rt), gas: '0x30000' }])
    for (;;) {
      const r = await rpc<{ contractAddress: `0x${string}` } | null>('eth_getTransactionReceipt', [h])
      if (r) return r.contractAddress.toLowerCase() as `0x${string}`
      await new Promise((res) => setTimeout(res, 50))
    }
  }
  return { store: await deployed(STORE), relay: await deployed(RELAY), reverter: await deployed(REVERTER) }
}

/** The transaction of kind `i % 7` from `from` at `nonce`. */
function kindOf(i: number, from: string, to: string, nonce: number, c: MixedBlock['contracts']): Record<string, unknown> {
  const n = `0x${nonce.toString(16)}`
  const base = { from, nonce: n }
  switch (i % 7) {
    case 0:
      return { ...base, to, value: `0x${(1000 + i).toString(16)}`, gas: '0x5208', gasPrice: '0xb2d05e00' }
    case 1:
      return { ...base, to: c.store, data: `0x${word(BigInt(i))}${word(BigInt(i + 1))}`, gas: '0x15000', type: '0x1', gasPrice: '0xb2d05e00', accessList: [{ address: c.store, storageKeys: [`0x${word(BigInt(i))}`] }] }
    case 2:
      return { ...base, to: c.reverter, data: '0x01', gas: '0xc350' }
    case 3:
      return { ...base, to: c.relay, value: `0x${(7 + i).toString(16)}`, data: `0x${word(c.relay)}${word(c.store)}${word(BigInt(1000 + i))}${word(BigInt(i))}`, gas: '0x30000' }
    case 4:
      return { ...base, data: initCode(STORE), gas: '0x20000' }
    case 5:
      return { ...base, data: `0x${REVERTER}`, gas: '0x20000' }
    default:
      return { ...base, to: c.relay, value: '0x3', data: `0x${word(c.reverter)}01`, gas: '0x20000' }
  }
}

/**
 * `count` transactions of the seven kinds, kind k sent by anvil's account k (anvil's pool drops a
 * legacy or EIP-2930 transaction queued behind an EIP-1559 one of the same sender), mined in one
 * block.
 */
export async function mixedBlock(rpc: Rpc, count = 120, contracts?: MixedBlock['contracts']): Promise<MixedBlock> {
  const c = contracts ?? (await deployKit(rpc))
  const accounts = (await rpc<string[]>('eth_accounts')).slice(0, 8)
  const nonces = await Promise.all(accounts.map(async (a) => Number(BigInt(await rpc<string>('eth_getTransactionCount', [a, 'latest'])))))
  const hashes: `0x${string}`[] = []
  await rpc('evm_setAutomine', [false])
  try {
    for (let i = 0; i < count; i++) hashes.push(await rpc<`0x${string}`>('eth_sendTransaction', [kindOf(i, accounts[i % 7]!, accounts[7]!, nonces[i % 7]!++, c)]))
    await rpc('evm_mine', [])
  } finally {
    await rpc('evm_setAutomine', [true])
  }
  const r = await rpc<{ blockNumber: string } | null>('eth_getTransactionReceipt', [hashes[0]])
  const block = await rpc<{ transactions: string[] }>('eth_getBlockByNumber', [r?.blockNumber, false])
  if (!r || block.transactions.length !== count) throw new Error(`the block holds ${block.transactions.length} of the ${count} transactions sent`)
  return { number: Number(BigInt(r.blockNumber)), hashes, contracts: c }
}
