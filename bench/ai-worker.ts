import { parentPort, workerData } from "node:worker_threads";
import { type GamesTask, runGames } from "./ai-games.js";

/** One benchmark slice in a worker thread (bench/ai.ts splits the games over the cores). */
parentPort!.postMessage(await runGames(workerData as GamesTask));
