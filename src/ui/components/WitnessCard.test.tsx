// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { createHash } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { BaseError } from '../../core/Errors'
import { useWitness, WitnessCard, type WitnessLike } from './WitnessCard'

afterEach(cleanup)

// jsdom has no blob URLs: count what is made and revoked
let made: Blob[] = []
let revoked: string[] = []
beforeEach(() => {
  made = []
  revoked = []
  URL.createObjectURL = (b: Blob | MediaSource) => `blob:test/${made.push(b as Blob)}`
  URL.revokeObjectURL = (u: string) => void revoked.push(u)
})

const bytes = new TextEncoder().encode('a witness file')
const sha = `0x${createHash('sha256').update(bytes).digest('hex')}` as const
const witness: WitnessLike = {
  bytes,
  fingerprint: sha,
  sections: [{ title: 'Witness for the signer', rows: [{ label: 'Witness SHA-256', value: sha }, { label: 'Trace hash', value: `0x${'ab'.repeat(32)}` }] }],
  report: { warnings: ['the node answered slowly'] },
}

function Card({ pack, extra }: { pack: () => Promise<WitnessLike>; extra?: boolean }) {
  const w = useWitness<WitnessLike>()
  return (
    <WitnessCard
      witness={w}
      className="result"
      intro="Packs the proofs."
      packLabel={{ first: 'Pack it', again: 'Pack again' }}
      pack={pack}
      notes={[{ tone: 'info', text: 'Handed over.' }]}
      actions={extra && <button type="button">Hand it on</button>}
    >
      <p>after the rows</p>
    </WitnessCard>
  )
}

describe('WitnessCard', () => {
  it('packs on request, then offers the file named after its SHA-256 and shows its rows and notes', async () => {
    let resolve!: (w: WitnessLike) => void
    const pack = vi.fn(() => new Promise<WitnessLike>((r) => (resolve = r)))
    render(<Card pack={pack} extra />)
    const card = screen.getByRole('region', { name: 'Witness for the offline signer' })
    expect(within(card).getByRole('heading', { level: 2 }).textContent).toBe('Witness for the offline signer')
    expect(within(card).queryByRole('link', { name: 'Save the witness file' })).toBeNull()
    expect(within(card).queryByRole('button', { name: 'Hand it on' })).toBeNull()
    fireEvent.click(within(card).getByRole('button', { name: 'Pack it' }))
    const busy = within(card).getByRole('button', { name: 'Simulating and reading proofs…' }) as HTMLButtonElement
    expect(busy.disabled).toBe(true)
    await act(async () => resolve(witness))
    expect(pack).toHaveBeenCalledTimes(1)
    const save = within(card).getByRole('link', { name: 'Save the witness file' })
    expect(save.getAttribute('download')).toBe(`witness-${sha.slice(2, 10)}.eww`)
    expect(save.getAttribute('href')).toBe('blob:test/1')
    expect([...new Uint8Array(await made[0]!.arrayBuffer())]).toEqual([...bytes])
    expect(within(card).getByRole('status', { name: 'Witness SHA-256' }).textContent).toBe(sha)
    expect(within(card).getByRole('button', { name: 'Hand it on' })).toBeTruthy()
    const notes = within(card).getAllByRole('note').map((n) => n.textContent)
    expect(notes).toEqual(['Handed over.', 'the node answered slowly'])
    expect(within(card).getByText('after the rows')).toBeTruthy()
    expect(within(card).getByRole('button', { name: 'Pack again' })).toBeTruthy()
  })

  it('shows a failure with its hints at the card and drops the witness (its file URL revoked)', async () => {
    let fail = false
    render(<Card pack={async () => (fail ? Promise.reject(new BaseError('Test.NoNode', 'No node', { hints: ['connect to a node'] })) : witness)} />)
    const card = screen.getByRole('region', { name: 'Witness for the offline signer' })
    await act(async () => fireEvent.click(within(card).getByRole('button', { name: 'Pack it' })))
    expect(within(card).getByRole('link', { name: 'Save the witness file' })).toBeTruthy()
    fail = true
    await act(async () => fireEvent.click(within(card).getByRole('button', { name: 'Pack again' })))
    const alert = within(card).getByRole('alert')
    expect(alert.textContent).toBe('No nodeconnect to a node')
    expect(within(card).queryByRole('link', { name: 'Save the witness file' })).toBeNull()
    expect(within(card).queryByText('after the rows')).toBeNull()
    expect(revoked).toEqual(['blob:test/1'])
  })
})
