import { wholeGames } from "./pace.js";

const t0 = Date.now();
console.log(await wholeGames({ smoke: false }), (Date.now() - t0) / 1000);
