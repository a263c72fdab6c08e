import { PROJECT_MARKET_IDS_MAX } from '@tokendesk/contract';
import { describe, expect, it } from 'vitest';
import { marketIdChunks } from './get-project-market';

describe('marketIdChunks', () => {
  it('keeps the order, drops repeats and never asks for more than one request takes', () => {
    expect(marketIdChunks([3, 1, 3, 2])).toEqual([[3, 1, 2]]);
    expect(marketIdChunks([])).toEqual([]);
    const ids = Array.from({ length: PROJECT_MARKET_IDS_MAX * 2 + 1 }, (_, i) => i + 1);
    const chunks = marketIdChunks(ids);
    expect(chunks.map((c) => c.length)).toEqual([PROJECT_MARKET_IDS_MAX, PROJECT_MARKET_IDS_MAX, 1]);
    expect(chunks.flat()).toEqual(ids);
  });
});
