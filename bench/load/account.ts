// The account the load test logs in with (seeded by bench/load/server.ts on its fresh database).
export const LOAD_USER = "admin";
export const LOAD_PASSWORD = "Load#bench1";
