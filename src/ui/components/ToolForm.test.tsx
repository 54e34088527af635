// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import bignum from '../../tools/bignum'
import contractAddress from '../../tools/contract-address'
import hexBytes from '../../tools/hex-bytes'
import { ethers } from 'ethers'
import { LARGE_TEXT, PREVIEW_CHARS } from './Field'
import { withDefaults } from '../../tools/define'
import type { RawInput } from '../../tools/types'
import { Examples, MetaFields, ToolForm } from './ToolForm'
import { ResultRow } from './ResultView'
import { examplesOf } from '../../../test/support'

afterEach(cleanup)

function Harness() {
  const [values, setVals] = useState<RawInput>(withDefaults(bignum, {}))
  const setValues = (p: RawInput) => setVals((v) => ({ ...v, ...p }))
  return (
    <>
      <Examples meta={bignum} examples={examplesOf(bignum.id)} setValues={setValues} />
      <ToolForm meta={bignum} tool={bignum} values={values} setValues={setValues} files={{}} setFile={() => {}} />
    </>
  )
}

describe('ToolForm (generic tool page)', () => {
  it('renders labelled fields and live results', async () => {
    render(<Harness />)
    const expr = screen.getByLabelText('Expression')
    fireEvent.change(expr, { target: { value: '6 * 7' } })
    await waitFor(() => expect(screen.getByRole('status', { name: 'decimal' }).textContent).toBe('42'))
    expect(screen.getByRole('status', { name: 'hex' }).textContent).toBe('0x2a')
    expect(screen.getByRole('button', { name: 'Copy decimal' })).toBeTruthy()
  })

  it('shows a parse error at its field, linked by aria-describedby', async () => {
    render(<Harness />)
    const expr = screen.getByLabelText('Expression')
    fireEvent.change(expr, { target: { value: '1 +' } })
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toMatch(/Unexpected end of input at position 4/)
    expect(expr.getAttribute('aria-invalid')).toBe('true')
    expect(expr.getAttribute('aria-describedby')).toContain(alert.id)
  })

  it('fills the form from a worked example', async () => {
    render(<Harness />)
    fireEvent.click(screen.getByRole('button', { name: 'Hex to decimal' }))
    await waitFor(() => expect(screen.getByRole('status', { name: 'decimal' }).textContent).toBe('1000000000000000000'))
  })
})

function ContractAddressHarness() {
  const [values, setVals] = useState<RawInput>(withDefaults(contractAddress, {}))
  const setValues = (p: RawInput) => setVals((v) => ({ ...v, ...p }))
  return <ToolForm meta={contractAddress} tool={contractAddress} values={values} setValues={setValues} files={{}} setFile={() => {}} />
}

describe('ToolForm: fields declared with showWhen', () => {
  it('renders only the fields of the chosen mode, and a hidden field’s value does not change the result', async () => {
    render(<ContractAddressHarness />)
    expect(screen.queryByLabelText('Salt (CREATE2)')).toBeNull()
    fireEvent.change(screen.getByLabelText('Opcode'), { target: { value: 'create2' } })
    expect(screen.queryByLabelText('Nonce (CREATE)')).toBeNull()
    // EIP-1014 example 4.
    fireEvent.change(screen.getByLabelText('Deployer'), { target: { value: '0x00000000000000000000000000000000deadbeef' } })
    fireEvent.change(screen.getByLabelText('Salt (CREATE2)'), { target: { value: '0x00000000000000000000000000000000000000000000000000000000cafebabe' } })
    fireEvent.change(screen.getByLabelText('Init code (CREATE2)'), { target: { value: '0xdeadbeef' } })
    await waitFor(() => expect(screen.getByRole('status', { name: 'Contract address' }).textContent).toBe('0x60f3f640a8508fC6a86d45DF051962668E1e8AC7'))
    // Back to CREATE: the CREATE2 fields go; deployer 0xdeadbeef at nonce 0 (ethers v5 getContractAddress).
    fireEvent.change(screen.getByLabelText('Opcode'), { target: { value: 'create' } })
    expect(screen.queryByLabelText('Salt (CREATE2)')).toBeNull()
    expect(screen.queryByLabelText('Init code (CREATE2)')).toBeNull()
    const { getContractAddress } = await import('ethers/lib/utils')
    const expected = getContractAddress({ from: '0x00000000000000000000000000000000deadbeef', nonce: 0 })
    await waitFor(() => expect(screen.getByRole('status', { name: 'Contract address' }).textContent).toBe(expected))
  })
})

describe('ResultRow', () => {
  it('hides a secret value until revealed, and hides it again on a click', () => {
    render(<dl><ResultRow row={{ label: 'private key', value: '0xsecret', secret: true }} /></dl>)
    expect(screen.queryByText('0xsecret')).toBeNull()
    expect(screen.queryByRole('button', { name: 'Copy private key' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Reveal private key' }))
    expect(screen.getByText('0xsecret')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Hide private key' }))
    expect(screen.queryByText('0xsecret')).toBeNull()
  })
})

describe('Field: textareas are uncontrolled', () => {
  function HexHarness({ initial }: { initial: RawInput }) {
    const [values, setVals] = useState<RawInput>(withDefaults(hexBytes, initial))
    const setValues = (p: RawInput) => setVals((v) => ({ ...v, ...p }))
    return (
      <>
        <Examples meta={hexBytes} examples={examplesOf(hexBytes.id)} setValues={setValues} />
        <ToolForm meta={hexBytes} tool={hexBytes} values={values} setValues={setValues} files={{}} setFile={() => {}} />
      </>
    )
  }

  it('types and shows values set from outside (an example) without copying them into the text content', async () => {
    render(<HexHarness initial={{ mode: 'from-utf8' }} />)
    const box = screen.getByLabelText('Input') as HTMLTextAreaElement
    fireEvent.change(box, { target: { value: 'héllo' } })
    await waitFor(() => expect(screen.getByRole('status', { name: 'Hex' }).textContent).toBe(ethers.utils.hexlify(ethers.utils.toUtf8Bytes('héllo'))))
    fireEvent.click(screen.getByRole('button', { name: 'Hex to ASCII' }))
    await waitFor(() => expect(box.value).toBe('0x48656c6c6f2c20776f726c6421'))
    await waitFor(() => expect(screen.getByRole('status', { name: 'Text' }).textContent).toBe(ethers.utils.toUtf8String('0x48656c6c6f2c20776f726c6421')))
    expect(box.textContent).toBe('')
  })

  it('holds a value longer than LARGE_TEXT in memory: the box shows its start, read-only, until "Edit in full"', async () => {
    const text = 'abc'.repeat(Math.ceil((LARGE_TEXT + 10) / 3))
    render(<HexHarness initial={{ mode: 'from-utf8', input: text }} />)
    const box = screen.getByLabelText('Input') as HTMLTextAreaElement
    expect(box.readOnly).toBe(true)
    expect(box.value).toBe(`${text.slice(0, PREVIEW_CHARS)}…`)
    expect(screen.getByRole('note').textContent).toContain(`${text.length.toLocaleString('en-US')} characters, held in this page's memory`)
    // The form still computes over the whole value: its UTF-8 length, by ethers.
    await waitFor(() => expect(screen.getByRole('status', { name: 'Hex' }).textContent?.slice(0, 2 + 2 * 30)).toBe(ethers.utils.hexlify(ethers.utils.toUtf8Bytes(text.slice(0, 30)))))
    fireEvent.click(screen.getByRole('button', { name: 'Edit in full' }))
    expect(box.readOnly).toBe(false)
    expect(box.value).toBe(text)
    expect(box.textContent).toBe('')
  })

  it('a large value set in one input event is taken as a paste: the box shows its start at once, the form gets all of it (#29)', async () => {
    const text = 'xyz'.repeat(Math.ceil((LARGE_TEXT + 10) / 3))
    render(<HexHarness initial={{ mode: 'from-utf8' }} />)
    const box = screen.getByLabelText('Input') as HTMLTextAreaElement
    fireEvent.input(box, { target: { value: text } })
    // Before anything else saw the event the box holds only the start; the form takes the value in a task of its own.
    expect(box.value).toBe(`${text.slice(0, PREVIEW_CHARS)}…`)
    expect(box.readOnly).toBe(false)
    await waitFor(() => expect(box.readOnly).toBe(true))
    await waitFor(() => expect(screen.getByRole('status', { name: 'Hex' }).textContent?.slice(0, 2 + 2 * 30)).toBe(ethers.utils.hexlify(ethers.utils.toUtf8Bytes(text.slice(0, 30)))))
    expect(screen.getByRole('note').textContent).toContain(`${text.length.toLocaleString('en-US')} characters, held in this page's memory`)
  })

  it('a text file dropped on the box becomes its value, a large one held as a paste is (#29)', async () => {
    render(<HexHarness initial={{ mode: 'from-utf8' }} />)
    const box = screen.getByLabelText('Input') as HTMLTextAreaElement
    const small = new File(['héllo'], 'small.txt', { type: 'text/plain' })
    fireEvent.drop(box, { dataTransfer: { files: [small], types: ['Files'] } })
    await waitFor(() => expect(screen.getByRole('status', { name: 'Hex' }).textContent).toBe(ethers.utils.hexlify(ethers.utils.toUtf8Bytes('héllo'))))
    expect(box.value).toBe('héllo')
    const text = 'q'.repeat(LARGE_TEXT + 1)
    fireEvent.drop(box, { dataTransfer: { files: [new File([text], 'big.txt')], types: ['Files'] } })
    await waitFor(() => expect(box.readOnly).toBe(true))
    expect(box.value).toBe(`${text.slice(0, PREVIEW_CHARS)}…`)
  })
})

describe('MetaFields', () => {
  const meta = {
    fields: [
      { name: 'mode', label: 'Mode', kind: 'select', default: 'x', options: [{ value: 'x', label: 'X' }, { value: 'y', label: 'Y' }] },
      { name: 'plain', label: 'Plain', kind: 'text' },
      { name: 'deep', label: 'Deep', kind: 'text', group: 'advanced' },
      { name: 'alg', label: 'Alg', kind: 'checkbox', group: 'algs' },
      { name: 'onlyY', label: 'Only Y', kind: 'text', group: 'algs', showWhen: { field: 'mode', is: ['y'] } },
      { name: 'confirm', label: 'Confirm', kind: 'checkbox', setBy: 'a button' },
    ],
    groups: { advanced: 'More knobs', algs: 'Algorithms' },
  } as const
  const draw = (values: RawInput, group?: string) =>
    render(<MetaFields meta={{ fields: [...meta.fields], groups: meta.groups }} values={values} errors={{ plain: 'bad' }} setValues={() => {}} after={{ plain: <p>after plain</p> }} {...(group ? { group } : {})} />)

  it('draws every group from meta: basic as is, advanced in a closed disclosure, a named group in a titled fieldset', () => {
    const { container } = draw({ mode: 'x' })
    expect(screen.getByLabelText('Plain').getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByText('after plain')).toBeTruthy()
    const details = container.querySelector('details')!
    expect(details.open).toBe(false)
    expect(details.querySelector('summary')!.textContent).toBe('More knobs')
    expect(details.contains(screen.getByLabelText('Deep'))).toBe(true)
    expect(screen.getByRole('group', { name: 'Algorithms' }).contains(screen.getByLabelText('Alg'))).toBe(true)
    expect(screen.queryByLabelText('Only Y')).toBeNull()
    expect(screen.queryByLabelText('Confirm')).toBeNull()
  })

  it('draws one group alone, with its showWhen fields as the values say', () => {
    draw({ mode: 'y' }, 'algs')
    expect(screen.getByLabelText('Only Y')).toBeTruthy()
    expect(screen.queryByLabelText('Plain')).toBeNull()
    expect(screen.queryByLabelText('Deep')).toBeNull()
  })
})
