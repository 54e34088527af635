// @vitest-environment jsdom
/**
 * The offline signer's witness check when the verifier's own code cannot be loaded (the page went
 * offline before fetching it, #41): the message says the verifier could not be loaded and what to
 * do, and does not blame the witness. The module fails to load as a dynamic import does offline.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import WitnessCheck from './WitnessCheck'

vi.mock('../../../tools/qr-sign/witness', () => {
  throw new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/witness-x.js')
})

// the camera scanner (a worker) is not under test here
vi.mock('../../components/QrScanner', () => ({ QrScanner: () => null }))

afterEach(cleanup)

describe('WitnessCheck with no verifier code', () => {
  it('says the verifier could not be loaded, and to load the page online once; not "Witness refused"', async () => {
    render(<WitnessCheck request="ur:eth-sign-request/anything" />)
    fireEvent.change(screen.getByLabelText('Witness file'), { target: { files: [new File([new Uint8Array([1, 2, 3])], 'w.eww')] } })
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toMatch(/The witness verifier could not be loaded/)
    expect(alert.textContent).toMatch(/Open this page once while online/)
    expect(alert.textContent).not.toMatch(/Witness refused/)
  })
})
