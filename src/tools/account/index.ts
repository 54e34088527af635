import * as AccountInfo from '../../core/chain/AccountInfo'
import { explorerRows } from '../kit/explorerRows'
import * as AddressCheck from '../../core/address/AddressCheck'
import * as CastCommand from '../../core/chain/CastCommand'
import * as ChainFormat from '../../core/chain/ChainFormat'
import * as Rpc from '../../core/chain/Rpc'
import * as StorageSlot from '../../core/hash/StorageSlot'
import * as Units from '../../core/format/Units'
import { defineTool, fieldParser } from '../define'
import { castSection } from '../kit/castRow'
import type { Row, Section } from '../types'
import meta from './meta'

interface Input extends Record<string, unknown> {
  address: `0x${string}`
  block: Rpc.BlockTag
  unit: 'ether' | 'gwei' | 'wei'
  slots: `0x${string}`[]
  verify: boolean
}

export const parse = fieldParser<Input>({
  address: (v) => AddressCheck.parseChecksummed(v),
  block: (v) => Rpc.parseBlockTag(v),
  unit: (v) => (v === 'gwei' || v === 'wei' ? v : 'ether'),
  slots: (v) => {
    const lines = v.split(/[\n,]/).map((l) => l.trim()).filter(Boolean)
    if (lines.length > 64) throw new StorageSlot.InvalidSlotError(`${lines.length} slots; at most 64 are read at once.`, ['Ask for fewer slots, or compute mapping and array slots with the storage-slot tool.'])
    return lines.map((l) => StorageSlot.parseSlotWord(l))
  },
  verify: (v) => v === 'true',
})

const PROXY_SLOTS = ['implementation', 'admin', 'beacon'] as const

/**
 * Verified mode (#26): the header and the account's proof (with the asked slots and the EIP-1967
 * slots) first, then the plain reads pinned to that block, held equal to the proven values.
 */
async function readVerified(rpc: Rpc.Eip1193Like | undefined, input: Input) {
  // Loaded only when ticked: the header and trie libraries stay out of the page's first load.
  const ProofVerify = await import('../../core/chain/ProofVerify')
  const { header, account } = await ProofVerify.readAccount(rpc, input.address, { block: input.block, slots: [...input.slots, ...PROXY_SLOTS.map((k) => StorageSlot.PROXY_SLOTS[k])] })
  const a = await AccountInfo.inspect(rpc, input.address, { block: Rpc.toQuantity(header.number), slots: input.slots })
  ProofVerify.checkReads(header, account, { balance: a.balance, nonce: a.nonce, code: a.code, slots: a.slots })
  const word = (k: (typeof PROXY_SLOTS)[number]) => account.storage.find((s) => s.slot === StorageSlot.PROXY_SLOTS[k])!.value
  const eip1967 = a.kind === 'contract' ? { implementation: AccountInfo.addressInSlot(word('implementation')), admin: AccountInfo.addressInSlot(word('admin')), beacon: AccountInfo.addressInSlot(word('beacon')) } : null
  const verified: Row = {
    label: 'Verified',
    value: header.hash,
    note: `Balance, nonce, code, storage root${input.slots.length ? ', slots' : ''} and proxy slots proven with eth_getProof against the state root of block ${header.number}'s header (${header.hardfork} fields), which hashes to this. The header itself is this node's word: compare its hash with another source.`,
  }
  return { a: { ...a, storageRoot: account.storageRoot, codeHash: account.codeHash, eip1967 }, verified }
}

const KIND = { eoa: 'externally owned account (no code)', contract: 'contract', delegated: 'EIP-7702 delegated account' } as const

const openAccount = (a: string) => ({ tool: 'account', inputs: { address: a }, label: 'Inspect' })

export default defineTool<Input>(meta, {
  parse,
  async run(input, ctx) {
    const v = input.verify ? await readVerified(ctx.rpc, input) : null
    const a = v ? v.a : await AccountInfo.inspect(ctx.rpc, input.address, { block: input.block, slots: input.slots })
    const rows: Row[] = [
      ...(v ? [v.verified] : []),
      { label: 'Address', value: a.address, open: { tool: 'address', inputs: { address: a.address }, label: 'Open in address tool' } },
      { label: 'At block', value: a.block.startsWith('0x') ? String(Number(a.block)) : a.block },
      { label: `Balance (${input.unit})`, value: Units.format(a.balance, input.unit) },
    ]
    if (input.unit !== 'wei') rows.push({ label: 'Balance (wei)', value: a.balance.toString() })
    rows.push(
      { label: 'Nonce', value: String(a.nonce), note: a.kind === 'contract' ? 'For a contract: the number of contracts it has created.' : 'Transactions sent from this account.' },
      { label: 'Kind', value: KIND[a.kind], mono: false, copy: false },
      { label: 'Code size', value: ChainFormat.bytes(a.codeSize) },
    )
    if (a.delegate) rows.push({ label: 'Delegates to (EIP-7702)', value: a.delegate, note: `Code is the delegation designator 0xef0100 || address.`, open: openAccount(a.delegate) })
    if (a.codeSize > 0) {
      rows.push(
        { label: 'Code', value: a.code, note: `The whole runtime code, ${ChainFormat.bytes(a.codeSize)}; Copy copies all of it.`, open: { tool: 'disassemble', inputs: { source: 'address', address: a.address }, label: 'Disassemble' } },
        { label: 'Code hash', value: a.codeHash, note: 'keccak256 of the code (EXTCODEHASH).' },
      )
    }
    rows.push(a.storageRoot
      ? { label: 'Storage root', value: a.storageRoot, note: "The root of the account's storage trie (eth_getProof's storageHash)." }
      : { label: 'Storage root', value: 'not served by this node (eth_getProof)', mono: false, copy: false })
    const sections: Section[] = [{ rows }]
    if (a.eip1967) {
      const e = a.eip1967
      const proxy: Row[] = []
      for (const k of ['implementation', 'admin', 'beacon'] as const) {
        const v = e[k]
        proxy.push(v ? { label: `EIP-1967 ${k}`, value: v, open: openAccount(v) } : { label: `EIP-1967 ${k}`, value: 'not set', mono: false, copy: false })
      }
      sections.push({ title: 'Proxy (EIP-1967 slots)', rows: proxy })
    }
    if (a.slots.length)
      sections.push({
        title: 'Storage',
        rows: [
          ...a.slots.map((s) => ({ label: `slot ${BigInt(s.slot) < 2n ** 32n ? BigInt(s.slot).toString() : s.slot}`, value: s.value })),
          { label: 'Slot calculator', value: 'Compute mapping and array slots', mono: false, copy: false, open: { tool: 'storage-slot', inputs: {}, label: 'Open storage-slot' } },
        ],
      })
    const explorers = await explorerRows(ctx, 'address', a.address)
    if (explorers.length) sections.push({ title: 'On this chain', rows: explorers })
    const b = a.block
    sections.push(...castSection([CastCommand.balance(a.address, b), CastCommand.nonce(a.address, b), CastCommand.code(a.address, b), ...a.slots.map((s) => CastCommand.storage(a.address, s.slot, b))], ctx.rpcUrl))
    return { sections }
  },
})
