// @vitest-environment jsdom
/**
 * The compiler-output drop zone: files chosen by the file input and pasted text reach the
 * debugger as named texts; a file past the bound is refused at the field, unread; the matched
 * contracts and missing sources are listed. (Dropping on the page, end to end: e2e/debug-source.spec.ts.)
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ArtifactDrop } from './ArtifactDrop'

afterEach(cleanup)

describe('ArtifactDrop', () => {
  it('files from the file input and pasted text become named texts', async () => {
    const setFiles = vi.fn()
    render(<ArtifactDrop files={[]} setFiles={setFiles} summary={undefined} error={undefined} loading={false} />)
    const input = screen.getByLabelText('Compiler output files')
    fireEvent.change(input, { target: { files: [new File(['{"a":1}'], 'A.json'), new File(['contract A {}'], 'A.sol')] } })
    await waitFor(() => expect(setFiles).toHaveBeenCalledWith([{ name: 'A.json', text: '{"a":1}' }, { name: 'A.sol', text: 'contract A {}' }]))
    fireEvent.change(screen.getByLabelText('Compiler output (JSON)'), { target: { value: '{"contracts":{}}' } })
    fireEvent.click(screen.getByRole('button', { name: 'Load' }))
    expect(setFiles).toHaveBeenLastCalledWith([{ name: 'pasted text', text: '{"contracts":{}}' }])
  })

  it('a file past 64 MiB is refused at the field without being read', async () => {
    const setFiles = vi.fn()
    render(<ArtifactDrop files={[]} setFiles={setFiles} summary={undefined} error={undefined} loading={false} />)
    const big = new File(['x'], 'huge.json')
    Object.defineProperty(big, 'size', { value: 65 * 2 ** 20 })
    const text = vi.spyOn(big, 'text')
    fireEvent.change(screen.getByLabelText('Compiler output files'), { target: { files: [big] } })
    expect((await screen.findByRole('alert')).textContent).toContain('huge.json is too large (65.0 MiB; at most 64 MiB a file).')
    expect(text).not.toHaveBeenCalled()
    expect(setFiles).not.toHaveBeenCalled()
  })

  it('an error from reading them, and what matched', () => {
    const { rerender } = render(<ArtifactDrop files={[{ name: 'x.json', text: '{' }]} setFiles={() => {}} summary={undefined} error={{ name: 'Artifacts.NotJsonError', message: 'x.json is not valid JSON.', hints: ['Drop the compiler output as it was written.'] }} loading={false} />)
    expect(screen.getByRole('alert').textContent).toContain('x.json is not valid JSON. Drop the compiler output as it was written.')
    rerender(
      <ArtifactDrop
        files={[{ name: 'a.json', text: '{}' }]}
        setFiles={() => {}}
        summary={{ contracts: [{ address: '0x5FbDB2315678afecb367f032d93F642f64180aa3', name: 'Vault', path: 'src/Vault.sol', exact: true }, { address: '0x0000000000000000000000000000000000000004', name: undefined, path: undefined, exact: false }], files: ['src/Vault.sol'], missing: ['lib/Math.sol'] }}
        error={undefined}
        loading={false}
      />,
    )
    const status = screen.getByRole('status')
    expect(status.textContent).toContain('1 file read; 1 of 2 contracts in this transaction matched by their code.')
    expect(status.textContent).toContain('Vault (src/Vault.sol)')
    expect(status.textContent).toContain('no artifact matches its code')
    expect(status.textContent).toContain('No text for lib/Math.sol')
    expect(screen.queryByRole('alert')).toBeNull()
  })
})
