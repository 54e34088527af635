import type { Example } from '../types'

const STORE_INIT =
  '0x602a6000556100d48060116000396000f360003560e01c80636d4ce63c14601e57806360fe47b114602a57600080fd5b60005460005260206000f35b60043580606410606357806000527fdf7a95aebff315db1b7716215d602ab537373cdb769232aae6055c06e798425b60206000a1600055005b6064607060003960646000fd08c379a000000000000000000000000000000000000000000000000000000000000000200000000000000000000000000000000000000000000000000000000000000007746f6f2062696700000000000000000000000000000000000000000000000000'

/** The tool's worked examples ("Try an example"), loaded with its page, not on every route. */
export const examples: readonly Example[] = [
  // anvil's dev accounts are unlocked, so the node signs for them (eth_sendTransaction). A plain transfer uses 21000 gas.
  { title: 'Preview sending 0.5 ether between devnet accounts', inputs: { signer: 'node', from: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', to: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', value: '0.5', chainId: '31337' },
    expect: { 'Gas limit': '21000', 'Value (ether)': '0.5' } },
  // Deploys the Store test contract from the second devnet account at nonce 0; its address is
  // `cast compute-address 0x70997970C51812dc3A010C7d01b50e0d17dc79C8 --nonce 0`.
  { title: 'Deploy a tiny contract on the devnet', inputs: { signer: 'node', from: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', to: '', data: STORE_INIT, chainId: '31337', nonce: '0', confirm: 'true' },
    expect: { Status: 'success', 'Contract created': '0x8464135c8F25Da09e49BC8782676a84730C318bC' } },
]
