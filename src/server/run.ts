// Entry for `npm run dev` (tsx watch restarts it when server code changes).
import { main } from "./main.ts";

await main();
