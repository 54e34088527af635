// @vitest-environment jsdom
/**
 * The page kit's devnet defaults (#41): on the local devnet, whose accounts are unlocked,
 * /send-transaction opens signing with the node's account (`devnetDefault`); elsewhere with a
 * key. A `signer=` in the link, or the person's choice on the page, always wins and stays in
 * the URL. Rendered through ToolRoute (the page kit's initial values), with the connection's
 * "on the devnet" answer set by each test.
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { withPageRendering } from '../../test/pageKit'
import { withDefaults } from '../tools/define'
import { findTool } from '../tools/registry'
import { ToolRoute } from './ToolRoute'
import { fromSearch, toolHref } from './url'

const connection = vi.hoisted(() => ({ devnet: false }))
vi.mock('./connection/store', async (importOriginal) => ({ ...(await importOriginal<typeof import('./connection/store')>()), useOnDevnet: () => connection.devnet }))

const entry = findTool('send-transaction')!
const { meta } = entry

withPageRendering()

/** Opens /send-transaction with `search` and gives its "Sign with" select once drawn. */
async function open(search: string, devnet: boolean): Promise<HTMLSelectElement> {
  connection.devnet = devnet
  history.replaceState(null, '', `/send-transaction${search}`)
  render(<ToolRoute entry={entry} />)
  return (await screen.findByRole('combobox', { name: 'Sign with' }, { timeout: 15_000 })) as HTMLSelectElement
}

describe('the signer default follows the connection; the link and the person win', () => {
  it('the rule: devnet → the node account, else a key; a value given wins', () => {
    expect(withDefaults(meta, {}, { devnet: true }).signer).toBe('node')
    expect(withDefaults(meta, {}, { devnet: false }).signer).toBe('key')
    expect(withDefaults(meta, {}).signer).toBe('key')
    expect(withDefaults(meta, fromSearch(meta, '?signer=key'), { devnet: true }).signer).toBe('key')
    // a link drawn in the app names the signer only when given
    expect(toolHref(meta, { signer: 'key', to: '0x1' })).toContain('signer=key')
    expect(toolHref(meta, { to: '0x1' })).not.toContain('signer')
  })

  it('on the devnet the page opens with the node account: no private key asked', async () => {
    const signer = await open('', true)
    expect(signer.value).toBe('node')
    expect(screen.queryByLabelText('Private key')).toBeNull()
    // typing To does not pin the default into the URL
    fireEvent.change(screen.getByRole('textbox', { name: 'To' }), { target: { value: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' } })
    await waitFor(() => expect(location.search).toContain('to='))
    expect(location.search).not.toContain('signer')
  })

  it('elsewhere the page opens with a private key', async () => {
    const signer = await open('', false)
    expect(signer.value).toBe('key')
    expect(screen.getByLabelText('Private key')).toBeTruthy()
  })

  it('on the devnet, a link with signer=key opens with a private key, and keeps it through edits', async () => {
    const signer = await open('?signer=key', true)
    expect(signer.value).toBe('key')
    expect(screen.getByLabelText('Private key')).toBeTruthy()
    fireEvent.change(screen.getByRole('textbox', { name: 'To' }), { target: { value: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' } })
    await waitFor(() => expect(location.search).toContain('to='))
    expect(new URLSearchParams(location.search).get('signer')).toBe('key')
    expect(signer.value).toBe('key')
  })

  it('on the devnet, the person choosing a private key keeps it: in the URL, through edits', async () => {
    const signer = await open('', true)
    fireEvent.change(signer, { target: { value: 'key' } })
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Sign with' })).toHaveProperty('value', 'key'))
    expect(new URLSearchParams(location.search).get('signer')).toBe('key')
    fireEvent.change(screen.getByRole('textbox', { name: 'Value' }), { target: { value: '0.5' } })
    await waitFor(() => expect(location.search).toContain('value=0.5'))
    expect(screen.getByRole('combobox', { name: 'Sign with' })).toHaveProperty('value', 'key')
    expect(screen.getByLabelText('Private key')).toBeTruthy()
  })
})
