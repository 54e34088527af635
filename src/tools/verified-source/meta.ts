import { defineMeta } from '../define'

export default defineMeta({
  id: 'verified-source',
  title: 'Verified source',
  summary: 'A contract’s verified source by address from Sourcify (or any Sourcify-compatible host), checked against the code the chain holds: full match, partial (metadata only) or refused; its name, compiler, files, functions, events, storage variables and immutables.',
  capability: 'providers',
  keywords: ['sourcify', 'verified source', 'verified contract', 'source code', 'contract source', 'abi by address', 'storage layout', 'immutables', 'metadata', 'etherscan'],
  runs: 'network',
  action: 'Fetch and check',
  // A run asks a third-party host: "Try an example" fills the form and leaves the run to the person.
  examplesRun: false,
  fields: [
    { name: 'address', label: 'Contract address', kind: 'text', placeholder: '0x…' },
    { name: 'host', label: 'Verified-source host', kind: 'text', default: 'https://sourcify.dev/server', help: 'Sourcify’s server, or any host serving its /v2/contract API (a self-hosted Sourcify).' },
    { name: 'lookup', label: 'Fetch the verified source from this host', kind: 'checkbox', default: 'false', notInLink: true, help: 'Sends only the chain id and the contract address to the host; off by default, and nothing is sent while it is off.' },
  ],
})
