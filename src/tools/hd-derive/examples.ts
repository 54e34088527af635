import type { Example } from '../types'

const TEST = 'test test test test test test test test test test test junk'

/** The tool's worked examples ("Try an example"), loaded with its page, not on every route. */
export const examples: readonly Example[] = [
  // anvil / Hardhat test phrase: accounts 0 and 1 as anvil prints them.
  { title: 'anvil test phrase (MetaMask path)', inputs: { phrase: TEST, count: '3' },
    expect: { "m/44'/60'/0'/0/0 / Address": '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', "m/44'/60'/0'/0/1 / Address": '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' } },
  // Expected addresses from `cast wallet address --mnemonic … --mnemonic-derivation-path …`.
  { title: 'Ledger Live path, account 1', inputs: { phrase: TEST, preset: 'ledger-live', start: '1', count: '1' },
    expect: { "m/44'/60'/1'/0/0 / Address": '0x8C8d35429F74ec245F8Ef2f4Fd1e551cFF97d650' } },
  { title: 'Ledger legacy path, account 2', inputs: { phrase: TEST, preset: 'ledger-legacy', start: '2', count: '1' },
    expect: { "m/44'/60'/0'/2 / Address": '0x318b469BBa396AEc2C60342F9441be36A1945174' } },
  // BIP-32 test vector 1, chain m/0'/1: its xpub, children 0 and 1 (addresses from ethers v5 HDNode).
  { title: 'Watch-only from an xpub (BIP-32 vector 1)', inputs: { xpub: 'xpub6ASuArnXKPbfEwhqN6e3mwBcDTgzisQN1wXN9BJcM47sSikHjJf3UFHKkNAWbWMiGj7Wf5uMash7SyYq527Hqck2AxYysAA7xmALppuCkwQ', preset: 'custom', path: 'i', count: '2' },
    expect: { '0 / Address': '0x0e2689A1572432233eBe4C6917C3953303c50980', '1 / Address': '0xA95Bbf20E45C8A13e59c34a9495c6Dc115561Eb4' } },
]
