/**
 * CastCommand: the words of each command, and the line as a POSIX shell reads it. The shell is
 * the oracle for quoting: /bin/sh is given the line and prints back the words it passes on, for
 * random words (fast-check, seeded by src/test-setup.ts). Against anvil and cast itself:
 * test/chain/cast-commands.test.ts.
 */
import { execFileSync } from 'node:child_process'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import * as CastCommand from './CastCommand'

/** The words /bin/sh hands to a command for `line` (its first word replaced by a printer). */
function shellWords(line: string): string[] {
  const out = execFileSync('/bin/sh', ['-c', `printf '%s\\0' ${line.replace(/^cast /, '')}`], { encoding: 'utf8' })
  return out.split('\0').slice(0, -1)
}

describe('CastCommand', () => {
  it('quotes every word so that the shell passes it on unchanged, for any text', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ minLength: 1, maxLength: 30, unit: 'binary' }).filter((s) => !s.includes('\0')), { minLength: 1, maxLength: 5 }), (words) => {
        expect(shellWords(CastCommand.line(words))).toEqual(words)
      }),
      { numRuns: 60 },
    )
  })

  it('masks the node URL’s key as the RPC console does', () => {
    const l = CastCommand.line(CastCommand.balance('0x' + 'ab'.repeat(20)), 'https://eth-mainnet.example/v2/AbCdEf0123456789xyz')
    expect(l).toBe(`cast balance 0x${'ab'.repeat(20)} --rpc-url 'https://eth-mainnet.example/v2/<key>'`)
    expect(l).not.toContain('AbCdEf0123456789xyz')
  })

  it('says blocks in decimal and leaves latest implicit', () => {
    expect(CastCommand.nonce('0x1', '0x1f')).toEqual(['nonce', '0x1', '--block', '31'])
    expect(CastCommand.nonce('0x1', 'latest')).toEqual(['nonce', '0x1'])
    expect(CastCommand.nonce('0x1', 'finalized')).toEqual(['nonce', '0x1', '--block', 'finalized'])
    expect(CastCommand.block('0x10')).toEqual(['block', '16'])
  })

  it('logs: none where cast cannot say the filter (a gap before a set topic); trailing any-topics dropped', () => {
    const t = '0x' + '11'.repeat(32)
    expect(CastCommand.logs({ fromBlock: '0x0', toBlock: '0x5', topics: [t, null, null] })).toEqual(['logs', '--from-block', '0', '--to-block', '5', t])
    expect(CastCommand.logs({ fromBlock: '1', toBlock: '2', topics: [null, t] })).toBeUndefined()
  })

  it('send: never a key in the line: --interactive asks for it, --unlocked names the node’s account', () => {
    const to = '0x' + 'cd'.repeat(20)
    const interactive = CastCommand.send({ to, data: '0x1234', value: 5n, gas: 21000n, nonce: 3, maxFeePerGas: 10n, maxPriorityFeePerGas: 1n, signer: 'interactive' })
    expect(interactive).toEqual(['send', to, '0x1234', '--value', '5', '--gas-limit', '21000', '--nonce', '3', '--gas-price', '10', '--priority-gas-price', '1', '--interactive'])
    expect(CastCommand.send({ to: '', data: '0x60', from: to, signer: 'unlocked' })).toEqual(['send', '--unlocked', '--from', to, '--create', '0x60'])
    expect(CastCommand.send({ to, data: '0x', gasPrice: 7n, signer: 'interactive' })).toContain('--legacy')
  })
  it('simulation: cast run for a replay in its block, cast call --trace for a call; none where cast would see other state', () => {
    const base = { from: '0xaa', to: '0xbb', value: '0x5', trace: { input: '0x1234' }, block: { stateBlock: '12' }, chainedIndex: 1 }
    expect(CastCommand.simulation({ ...base, replayed: { hash: '0xh' } })).toEqual(['run', '0xh'])
    expect(CastCommand.simulation({ ...base, replayed: { hash: '0xh' } }, true)).toEqual(['run', '0xh', '--debug'])
    expect(CastCommand.simulation(base)).toEqual(['call', '0xbb', '0x1234', '--from', '0xaa', '--value', '5', '--block', '12', '--trace'])
    expect(CastCommand.simulation({ ...base, replayed: { hash: '0xh', atBlock: '9' } })).toBeUndefined()
    expect(CastCommand.simulation({ ...base, chainedIndex: 2 })).toBeUndefined()
    expect(CastCommand.simulation({ ...base, overridden: { state: true } })).toBeUndefined()
    expect(CastCommand.simulation({ ...base, to: undefined })).toBeUndefined()
  })
})
