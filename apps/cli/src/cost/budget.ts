import type { ModelRef } from '@evalpacks/core';
import { costOf, formatUsd, type Price } from '@evalpacks/core/report';
import type { AgentPort, JudgePort, UserSimulatorPort } from '@evalpacks/core/runner';
import { UsageError } from '../usage-error.ts';
import type { Prices } from './prices.ts';

/**
 * `--max-cost`: meters every model call's tokens at list price as it returns, and refuses to start
 * a new case once the spend so far passes the limit. Cases already running finish, so the final
 * bill can pass the limit by what those cases cost; the run says so and lists what never started.
 * One budget may meter several runs (compare's two sides): the spend is theirs together.
 */
export class Budget {
  #spent = 0;
  #announced = false;

  constructor(
    readonly maxUsd: number,
    private readonly prices: Prices,
    private readonly announce: (line: string) => void,
  ) {}

  /** The price of a model the budget meters; a UsageError, before any model call, when it has none. */
  priceFor(ref: ModelRef): Price {
    const price = this.prices.priceOf(ref);
    if (price) return price;
    throw new UsageError(
      `--max-cost needs a price for ${ref.backend} model '${ref.model}'; add it to ${this.prices.priceTablePath} or drop --max-cost`,
    );
  }

  /** Counts what an earlier attempt of a resumed run already spent. */
  addSpent(usd: number): void {
    this.#spent += usd;
  }

  get spent(): number {
    return this.#spent;
  }

  /**
   * The same ports, each call adding its tokens' cost to the spend as it returns: the agent's (every turn of
   * a conversation is a call), the judge's and the simulated user's.
   */
  meter(ports: { agent: AgentPort; judge?: JudgePort; user?: UserSimulatorPort }): {
    agent: AgentPort;
    judge?: JudgePort;
    user?: UserSimulatorPort;
  } {
    const { agent, judge, user } = ports;
    const agentPrice = this.priceFor(agent);
    const judgePrice = judge && this.priceFor(judge);
    const userPrice = user && this.priceFor(user);
    return {
      ...(user &&
        userPrice && {
          user: {
            backend: user.backend,
            model: user.model,
            promptVersion: user.promptVersion,
            next: async (request) => {
              const turn = await user.next(request);
              this.#spent += costOf(turn.usage, userPrice);
              return turn;
            },
          },
        }),
      agent: {
        backend: agent.backend,
        model: agent.model,
        run: async (request) => {
          const transcript = await agent.run(request);
          this.#spent += costOf(transcript.usage, agentPrice);
          return transcript;
        },
      },
      ...(judge &&
        judgePrice && {
          judge: {
            backend: judge.backend,
            model: judge.model,
            call: async (request) => {
              const response = await judge.call(request);
              this.#spent += costOf(response.usage, judgePrice);
              return response;
            },
          },
        }),
    };
  }

  /** The runner's shouldStart: true while the spend has not passed the limit. */
  readonly shouldStart = (): boolean => {
    if (this.#spent <= this.maxUsd) return true;
    if (!this.#announced) {
      this.#announced = true;
      this.announce(
        `budget --max-cost ${formatUsd(this.maxUsd)} passed (${formatUsd(this.#spent)} spent): no more cases will start\n\n`,
      );
    }
    return false;
  };
}
