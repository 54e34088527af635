/**
 * The palette's and home box's word search (#35): the words people type for a job find the tools
 * that do it, from each tool's registered title, keywords and summary.
 */
import { describe, expect, it } from 'vitest'
import { searchTools } from './search'

const ids = (q: string) => searchTools(q).map((t) => t.id)

describe('searchTools', () => {
  it('an ERC-20 job by its function name: "approve" finds the call encoder and the sender, "allowance" the contract reader', () => {
    expect(ids('approve')).toEqual(expect.arrayContaining(['abi-encode', 'send-transaction']))
    expect(ids('allowance')).toContain('contract-read')
  })
  it('a tool by its own title ranks first; a word that matches nothing finds nothing', () => {
    expect(ids('transaction lookup')[0]).toBe('transaction')
    expect(ids('zzzqqq')).toEqual([])
  })
})
