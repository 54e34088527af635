import type { Example } from '../types'

/** The tool's worked examples ("Try an example"), loaded with its page, not on every route. */
export const examples: readonly Example[] = [
  // Signed with `cast mktx --private-key <anvil key 0> --chain 31337 --nonce 0 --gas-limit 21000 --gas-price 2000000000
  // --priority-gas-price 1000000000 0x70997970C51812dc3A010C7d01b50e0d17dc79C8 --value 1ether`; hash from `cast keccak`.
  { title: 'Send 1 ether on the devnet (signed by cast)', inputs: { raw: '0x02f874827a6980843b9aca0084773594008252089470997970c51812dc3a010c7d01b50e0d17dc79c8880de0b6b3a764000080c080a074128fd7d42631897474d93692787a2e56b813754468caaca4993c641c986a37a06d5a3b027177cc2841199b70400fece0a29ac5eabee2fa9cbf9b6aa213716c48', chainId: '31337' },
    expect: { Hash: '0x7d4c13ed95c0cee830d7457ec5a5976db1fc301cfa7a23fef0039a7ccf6aea87', From: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', Status: 'success', 'Gas used': '21000' } },
]
