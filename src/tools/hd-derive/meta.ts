import { defineMeta } from '../define'

const TEST = 'test test test test test test test test test test test junk'

export default defineMeta({
  id: 'hd-derive',
  title: 'HD addresses',
  summary: 'Derive the addresses of a recovery phrase, xprv or xpub along MetaMask, Ledger Live, Ledger legacy or custom paths, with keys and CSV export.',
  capability: 'mnemonics',
  keywords: ['hd wallet', 'bip32', 'bip-32', 'bip44', 'derivation path', "m/44'/60'", 'metamask', 'ledger', 'ledger live', 'trezor', 'xpub', 'xprv', 'watch-only', 'addresses', 'accounts', 'csv', 'export'],
  runs: 'worker',
  fields: [
    { name: 'phrase', label: 'Recovery phrase or xprv', kind: 'textarea', secret: true, placeholder: '12–24 words, or xprv…' },
    { name: 'passphrase', label: 'Passphrase (optional)', kind: 'text', secret: true },
    { name: 'xpub', label: 'or an xpub (watch-only)', kind: 'text', placeholder: 'xpub…', help: 'Public derivation only: paths below the xpub, without hardened levels (e.g. 0/i for an account xpub).' },
    { name: 'preset', label: 'Path', kind: 'select', default: 'metamask', options: [
      { value: 'metamask', label: "MetaMask / Trezor: m/44'/60'/0'/0/i" },
      { value: 'ledger-live', label: "Ledger Live: m/44'/60'/i'/0/0" },
      { value: 'ledger-legacy', label: "Ledger legacy / MEW: m/44'/60'/0'/i" },
      { value: 'custom', label: 'custom (below)' },
    ] },
    { name: 'path', label: 'Custom path', kind: 'text', default: "m/44'/60'/0'/0/i", help: "i is the index; ' (or h) marks hardened levels. Without m/ the path is relative to the xpub/xprv.", showWhen: { field: 'preset', is: ['custom'] } },
    { name: 'start', label: 'First index', kind: 'text', default: '0', inputMode: 'numeric' },
    { name: 'count', label: 'How many', kind: 'text', default: '10', inputMode: 'numeric', help: 'Up to 1000 per page.' },
  ],
  examples: [
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
  ],
})
