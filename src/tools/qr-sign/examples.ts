import type { Example } from '../types'

/** The tool's worked examples ("Try an example"), loaded with its page, not on every route. */
export const examples: readonly Example[] = [
  // The Keystone SDK's example request (keystone-sdk-rust, test_decode_eth_sign_request), signed
  // with anvil key #0; expected: cast mktx --private-key <anvil #0> --chain 4 --nonce 0 --gas-limit 21000
  //   --gas-price 1500000027 --priority-gas-price 1500000000 0xe0cfE8a9F55942c6a70b845CD07A3A7d61A04325 --value 100000000000000
  { title: 'Keystone SDK example request (EIP-1559, chain 4), anvil key #0', inputs: {
    request: 'ur:eth-sign-request/onadtpdagdwnbstbpfkidafxlbprqzdiktfldlaxheaohddlaoweaalalrhkisdlaelrhkisdlcwlfgmaymwvttkvsptykhkfwswosbdlrhhtiknftkihsnbfxdalnhtwfbeknfzaelartaxaaaaaaahtaaddyoeadlocsdwykcsfnykaeykaewkaocyjokbwejzvdrtpssp',
    privateKey: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80', reviewed: 'true' }, expect: {
    'Signed transaction': '0x02f87004808459682f008459682f1b82520894e0cfe8a9f55942c6a70b845cd07a3a7d61a04325865af3107a400080c001a0878f402452ca28d67889192a1da8f3d88280e8068b81dc0e351f079360caa594a05072ad06c1b20486c454d1570c40f7f93804fb424451a01a2209df6ab225ff51',
    Signer: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  } },
  // A request (made by qr-request, fixed id) to sign "hello" on the devnet; expected: cast wallet sign --private-key <anvil #0> hello
  { title: 'Personal message "hello" on the devnet, anvil key #0', inputs: {
    request: 'ur:eth-sign-request/osadtpdagdhtckhygwbkgsgwbantgobtfndljnkbbyaofeisihjzjzjlaxaxaacfkninahtaaddyoyadlecsdwykcsfnykaeykaewkaewkamghwfnetbvwcypmloynwktoimrolfjpkktkzmrhcpiyatjlfejyisihjpcxhgjljpjeidihjtiaiswfmngyhs',
    privateKey: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80', reviewed: 'true' }, expect: {
    Signature: '0xf16ea9a3478698f695fd1401bfe27e9e4a7e8e3da94aa72b021125e31fa899cc573c48ea3fe1d4ab61a9db10c19032026e3ed2dbccba5a178235ac27f94504311c',
    Signer: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  } },
]
