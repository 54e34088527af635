/**
 * The devnet's known state, so that every chain tool's worked example shows a result on a
 * fresh devnet without another example having run first (#23). `npm start`, the e2e server
 * and the chain example tests seed it right after anvil starts:
 *
 * - a fixtures account (its key below: a public test key, never use it elsewhere) funded with
 *   `anvil_setBalance`, so no default devnet account's nonce or history changes;
 * - nonce 0: the Store test contract (x = 42), at FIXTURES.store;
 * - nonce 1: Store.set(42), so the contract has a Set event;
 * - nonce 2: a 1 ether transfer to 0x…dEaD, at FIXTURES.transfer (no devnet account's balance changes).
 *
 * Signed here with ox (deterministic RFC 6979 signatures, fixed fees and gas), so the addresses
 * and hashes are the same on every fresh devnet. Seeding an already seeded devnet does nothing.
 */
import { Address, ContractAddress, Secp256k1, TxEnvelopeEip1559 } from 'ox'

/** A public test key (0xf1 repeated): for the devnet only. */
export const FIXTURES_KEY = '0x' + 'f1'.repeat(32)

/** Init code of the tiny Store test contract, as the send-transaction example deploys it. */
export const STORE_INIT = '0x602a6000556100d48060116000396000f360003560e01c80636d4ce63c14601e57806360fe47b114602a57600080fd5b60005460005260206000f35b60043580606410606357806000527fdf7a95aebff315db1b7716215d602ab537373cdb769232aae6055c06e798425b60206000a1600055005b6064607060003960646000fd08c379a000000000000000000000000000000000000000000000000000000000000000200000000000000000000000000000000000000000000000000000000000000007746f6f2062696700000000000000000000000000000000000000000000000000'

const CHAIN_ID = 31337
const DEAD = '0x000000000000000000000000000000000000dEaD'
const from = Address.checksum(Address.fromPublicKey(Secp256k1.getPublicKey({ privateKey: FIXTURES_KEY })))

function sign(nonce, fields) {
  const envelope = TxEnvelopeEip1559.from({ chainId: CHAIN_ID, nonce: BigInt(nonce), maxFeePerGas: 10_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n, value: 0n, ...fields })
  const signature = Secp256k1.sign({ payload: TxEnvelopeEip1559.getSignPayload(envelope), privateKey: FIXTURES_KEY })
  const serialized = TxEnvelopeEip1559.serialize(envelope, { signature })
  return { serialized, hash: TxEnvelopeEip1559.hash(TxEnvelopeEip1559.from(envelope, { signature })) }
}

const txs = [
  sign(0, { gas: 200_000n, data: STORE_INIT }),
  sign(1, { gas: 100_000n, to: ContractAddress.from({ from, nonce: 0n }), data: '0x60fe47b1' + (42).toString(16).padStart(64, '0') }),
  sign(2, { gas: 21_000n, to: DEAD, value: 10n ** 18n }),
]

/** The fixtures' fixed addresses and hashes. */
export const FIXTURES = {
  account: from,
  store: Address.checksum(ContractAddress.from({ from, nonce: 0n })),
  setTx: txs[1].hash,
  transfer: txs[2].hash,
}

async function rpc(url, method, params = []) {
  const r = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
  const j = await r.json()
  if (j.error) throw new Error(`${method}: ${j.error.message}`)
  return j.result
}

/** Seeds the devnet at `url` (an anvil) with the fixtures, and waits until each is mined. */
export async function seedDevnet(url) {
  if (Number(await rpc(url, 'eth_getTransactionCount', [from, 'latest'])) > 0) return FIXTURES
  await rpc(url, 'anvil_setBalance', [from, '0x' + (1000n * 10n ** 18n).toString(16)])
  for (const tx of txs) {
    const hash = await rpc(url, 'eth_sendRawTransaction', [tx.serialized])
    for (let i = 0; i < 100 && !(await rpc(url, 'eth_getTransactionReceipt', [hash])); i++) await new Promise((r) => setTimeout(r, 50))
  }
  return FIXTURES
}
