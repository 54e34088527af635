import type { Example } from '../types'

/** The tool's worked examples ("Try an example"), loaded with its page, not on every route. */
export const examples: readonly Example[] = [
  // EIP-155's signed example; sender and hash from the vendored vector (computed during vendoring) and cast decode-tx.
  { title: "EIP-155's signed example", inputs: { raw: '0xf86c098504a817c800825208943535353535353535353535353535353535353535880de0b6b3a76400008025a028ef61340bd939bc2195fe537567866003e1a15d3c71ff63e1590620aa636276a067cbe9d8997f761aecb703304b3800ccf555c9f3dc64214b297fb1966a3b6d83' }, expect: {
    Sender: '0x9d8A62f656a8d1615C1294fd71e9CFb3E4855A4F',
    'Transaction hash': '0x33469b22e9f636356c4160a87eb19df52b7412e8eac32a4a55ffe88ea8350788',
    'Chain id': '1',
    Value: '1 ether',
  } },
  // An EIP-1559 transfer made by cast mktx; fields from cast decode-tx.
  { title: 'An EIP-1559 transfer (cast mktx)', inputs: { raw: '0x02f8730103843b9aca008504a817c800825208943535353535353535353535353535353535353535880de0b6b3a764000080c080a0a4981267cf0521bfdac6c5871fe4e00dcfc9fe24e3c88360542a430bb50cd9aca07e900f98420c3d1e402133eaf9e910b9335f12b113479692915a86c373e4f80e' }, expect: {
    Type: 'EIP-1559 (fee market) · 0x02',
    Sender: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    'Max fee per gas': '20 gwei',
    'Max priority fee per gas': '1 gwei',
    'Transaction hash': '0x23bb1df0606e21a6acc9590b9c6a361ae495bcf3c022c2270007941a1d1ffdbc',
  } },
  // cast mktx … 0xA0b8…eB48 'transfer(address,uint256)' 0x3535…35 1000000 (a USDC transfer of 1 USDC).
  { title: 'A token transfer: the call data decoded', inputs: { raw: '0x02f8b00180843b9aca008504a817c80082ea6094a0b86991c6218b36c1d19d4a2e9eb0ce3606eb4880b844a9059cbb000000000000000000000000353535353535353535353535353535353535353500000000000000000000000000000000000000000000000000000000000f4240c080a04a8f66d8bef2d15bf50f864789f83bbc7959efbfd0b1c95200f622de7aa1f996a0353217a0ae237debd55b15502478f31328065536c961731df2d084915f194b9e' }, expect: {
    Function: 'transfer(address,uint256)',
    Sender: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  } },
  // ethereum/tests TransactionTests ttSignature/Vitalik_1 (hash and sender from the test's Cancun result).
  { title: 'ethereum/tests Vitalik_1', inputs: { raw: '0xf864808504a817c800825208943535353535353535353535353535353535353535808025a0044852b2a670ade5407e78fb2863c51de9fcb96542a07186fe3aeda6bb8a116da0044852b2a670ade5407e78fb2863c51de9fcb96542a07186fe3aeda6bb8a116d' }, expect: {
    'Transaction hash': '0xb1e2188bc490908a78184e4818dca53684167507417fdb4c09c2d64d32a9896a',
    Sender: '0xf0f6f18bCA1b28cd68e4357452947e021241e9Ce',
  } },
]
