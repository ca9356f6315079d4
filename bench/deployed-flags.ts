/**
 * The node flags the README's production section and `npm start` run the server with: source maps
 * for the logs' stack traces, V8's old space capped at 192 MB and its young generation's semi-spaces
 * at 8 MB (decision 049). What lives in the old space does
 * not grow with the market (the search's copy is kept in array buffers, outside it), so the cap holds
 * at any number of cars (decision 032).
 */
export const DEPLOYED_NODE_FLAGS = ['--enable-source-maps', '--max-old-space-size=192', '--max-semi-space-size=8'];
