import { api, holderCsvColumns, projectMessages as m } from '@tokendesk/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Readable } from 'node:stream';
import type { Address } from 'viem';
import { workspaceData } from '../../plugins/workspace-access';
import { ownedProject } from '../../domain/tenancy';
import { formatUnits } from '../../chain/decimal';
import type { Db } from '../../db/client';
import type { ProjectRow } from '../../db/schema';
import { toChecksumAddressIfAddress } from '../../lib/addresses';
import { csvHeaderRow, csvHex, csvNumber, csvOptionalNumber, csvRow, csvText, csvWord } from '../../lib/csv';
import { notFound } from '../../lib/http-errors';
import { poolVaultsOf } from '../../market/pool-label';
import { labelsOf, sharePct } from './presenter';
import { findSync, holderHistory, holderPages, knownPools, largestHolders } from './repository';
import { holdersSummary, holderTruth, POOL_CHECK_CANDIDATES, type HolderTruth, type PoolDetector } from './service';
import { route } from '../../plugins/endpoint-routes';

/** Holder rows per piece of the CSV stream. */
const CSV_PIECE_ROWS = 500;

export const holderRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * The holder figures come from the database; the chain is only asked which holders are pools,
   * so a node outage costs labels, never the answer.
   */
  function poolDetector(log: FastifyBaseLogger, project: ProjectRow): PoolDetector {
    const network = app.chain.registry.get(project.networkId);
    return async (addresses) => {
      if (!network) return null;
      try {
        // Stored addresses are lower case, which viem takes as they are (no checksum to compute).
        return new Set(
          (await app.chain.poolsAmong(network, project.contractAddress as Address, addresses as Address[])).keys(),
        );
      } catch (err) {
        log.warn({ err }, 'could not check which holders are pools');
        return null;
      }
    };
  }

  async function ownProject(userId: number, id: number): Promise<ProjectRow> {
    const project = await ownedProject(app.db, userId, id);
    if (!project) throw notFound(m.projectNotFound);
    return project;
  }

  route(app, api.holders.summary, async (request) => {
    const { user } = workspaceData(request);
    const project = await ownProject(user.id, request.params.id);
    return holdersSummary(
      app.db,
      user.id,
      project,
      poolDetector(request.log, project),
      poolVaultsOf(app.chain.registry.get(project.networkId)),
    );
  });

  route(app, api.holders.history, async (request) => {
    const { user } = workspaceData(request);
    return { points: await holderHistory(app.db, await ownProject(user.id, request.params.id)) };
  });

  route(app, api.holders.export, async (request, reply) => {
    const { user } = workspaceData(request);
    const project = await ownProject(user.id, request.params.id);
    const sync = await findSync(app.db, project);
    const block = sync?.toBlock?.toString() ?? 'none';
    const truth = await holderTruth(app.db, project, sync);
    const known = {
      pools: await knownPools(app.db, user.id, project, poolVaultsOf(app.chain.registry.get(project.networkId))),
      deployer: sync?.deployer ?? null,
    };
    const largest = truth.chainBalances
      ? [...truth.chainBalances.keys()]
      : (await largestHolders(app.db, project, POOL_CHECK_CANDIDATES)).map((r) => r.holder);
    for (const address of (await poolDetector(request.log, project)(largest.filter((h) => !known.pools.has(h)))) ??
      []) {
      known.pools.set(address, null);
    }
    const stream = Readable.from(csvChunks(app.db, project, known, truth), {
      objectMode: false,
      highWaterMark: 64 * 1024,
    });
    stream.on('error', (err) => request.log.error({ err }, 'holder export failed while streaming'));
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header(
        'content-disposition',
        `attachment; filename="tokendesk-holders-${project.tokenSymbol.replace(/[^A-Za-z0-9]/g, '') || 'token'}-block-${block}.csv"`,
      )
      .header('cache-control', 'no-store');
    return reply.send(stream as unknown as string);
  });

  /**
   * The file must not contradict the card: the same supply, and when the chain disagrees with the
   * logs, the same balanceOf figures for the addresses the card shows, first. A line above the
   * header says so whenever the figures are not simply the logs confirmed by the chain.
   */
  async function* csvChunks(
    db: Db,
    project: ProjectRow,
    known: Parameters<typeof labelsOf>[1],
    truth: HolderTruth,
  ): AsyncGenerator<string> {
    if (truth.api.status !== 'matches') yield csvRow([csvText(`# ${truth.api.note.replace(/[\r\n]+/g, ' ')}`)]);
    yield csvHeaderRow(holderCsvColumns);
    if (truth.api.status === 'no_logs') return;
    const supply = truth.supply;
    let rank = 0;
    const line = (holder: string, balance: bigint) => {
      const share = sharePct(balance, supply);
      // Every cell typed by its column (lib/csv.ts); the addresses come from the chain's logs.
      return csvRow([
        csvNumber(++rank),
        csvHex(toChecksumAddressIfAddress(holder)),
        csvNumber(formatUnits(balance, project.tokenDecimal)),
        csvNumber(balance),
        csvOptionalNumber(share === null ? null : share.toFixed(2)),
        csvWord(labelsOf(holder, known).join(' ')),
      ]);
    };
    const fromChain = truth.chainBalances;
    if (fromChain) {
      const checked = [...fromChain]
        .filter(([, balance]) => balance > 0n)
        .sort(([, x], [, y]) => (x === y ? 0 : x > y ? -1 : 1));
      yield checked.map(([holder, balance]) => line(holder, balance)).join('');
    }
    for await (const page of holderPages(db, project)) {
      const rows = page.filter((row) => !fromChain?.has(row.holder));
      // Each address is checksummed (a keccak hash): in pieces of a few hundred rows the stream
      // stops pulling once its buffer is full and other requests run, instead of waiting for a
      // whole page of 5,000 hashes.
      for (let i = 0; i < rows.length; i += CSV_PIECE_ROWS) {
        yield rows
          .slice(i, i + CSV_PIECE_ROWS)
          .map((row) => line(row.holder, BigInt(row.balance)))
          .join('');
      }
    }
  }
};
