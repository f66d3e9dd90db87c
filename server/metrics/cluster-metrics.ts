import cluster from "node:cluster";
import { randomUUID } from "node:crypto";
import { AggregatorRegistry, type Registry } from "prom-client";

const REQUEST = "enclave:cluster-metrics";
const ANSWER = "enclave:cluster-metrics-answer";
const ANSWER_WITHIN_MS = 10_000;

interface Answer {
  type: typeof ANSWER;
  id: string;
  text?: string;
  error?: string;
}

/**
 * WEB_CONCURRENCY > 1, in the primary: a worker asked for /metrics gets every worker's metrics
 * summed (prom-client's AggregatorRegistry asks each one over IPC), so a scrape sees the whole
 * server whichever process takes it, and counters never go back between two scrapes.
 */
export function answerClusterMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on("message", (worker, message: { type?: string; id?: string }) => {
    if (message?.type !== REQUEST) return;
    const answer = (fields: Partial<Answer>) => worker.send({ type: ANSWER, id: message.id, ...fields });
    aggregator.clusterMetrics().then(
      (text) => answer({ text }),
      (error: Error) => answer({ error: error.message }),
    );
  });
}

/** In a worker: offers `registry` to the primary's aggregation, and returns how to ask the primary for the sum. */
export function clusterMetricsText(registry: Registry): () => Promise<string> {
  AggregatorRegistry.setRegistries(registry);
  new AggregatorRegistry(); // its constructor installs the worker's side: answering the primary with `registry`
  return () =>
    new Promise((resolve, reject) => {
      const id = randomUUID();
      const onMessage = (message: Answer) => {
        if (message?.type !== ANSWER || message.id !== id) return;
        done();
        if (message.text !== undefined) resolve(message.text);
        else reject(new Error(`The cluster's metrics could not be gathered: ${message.error}`));
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error("The primary process did not answer with the cluster's metrics"));
      }, ANSWER_WITHIN_MS);
      const done = () => {
        clearTimeout(timer);
        process.off("message", onMessage);
      };
      process.on("message", onMessage);
      process.send!({ type: REQUEST, id });
    });
}
