// A route definition of the app's own server is never a call to the wallet API, whatever the
// file around it says: Express, Fastify, Koa, Hono (`app.get('/v1/orders', …)`), Flask and
// FastAPI decorators, Go's net/http, gin, echo and chi, Laravel, Slim, Spring, JAX-RS, ASP.NET,
// Sinatra and Rails. Read on the statement's text up to the path's string and what follows it.

/** Receivers that name a server or router, not an HTTP client. */
const SERVERS = 'app|router|server|fastify|routes?|hono|koa|mux|r|e|g|bp|blueprint|group';
const ROUTE_VERBS = 'get|post|put|patch|delete|del|all|use|route|options|head|any|handle|handlefunc|on';
const SERVER_RECEIVER = new RegExp(`(?:^|[^\\w$.])(${SERVERS})\\s*\\.\\s*(?:${ROUTE_VERBS})\\s*\\(\\s*["'\`]$`, 'i');

/** Definitions that are routes whatever their receiver. */
const ROUTE_BEFORE: readonly RegExp[] = [
  // Python decorators: @app.get("/v1/…"), @router.post, @bp.route, @app.api_route.
  /@[\w.]+\s*\.\s*(?:route|api_route|get|post|put|patch|delete|websocket)\s*\(\s*[rR]?["']$/,
  // Go: http.HandleFunc("/v1/…"), mux.Handle; ASP.NET minimal APIs: app.MapGet("/v1/…").
  /\b(?:HandleFunc|Handle|Map(?:Get|Post|Put|Patch|Delete|Methods|Group)?)\s*\(\s*["'`]$/,
  // Laravel Route::get('/v1/…'); Slim and Lumen $app->get, $router->post, $group->get.
  /\bRoute::\w+\s*\(\s*["']$/,
  /\$(?:app|router|route|group|r)\s*->\s*(?:get|post|put|patch|delete|any|map|group)\s*\(\s*["']$/i,
  // Spring @GetMapping("/v1/…"), @RequestMapping(value = "/v1/…"), JAX-RS @Path("/v1/…").
  /@(?:Get|Post|Put|Patch|Delete|Request)Mapping\s*\(\s*(?:(?:value|path)\s*=\s*)?\{?\s*"$/,
  /@Path\s*\(\s*"$/,
  // ASP.NET attributes: [HttpGet("/v1/…")], [Route("/v1/…")].
  /\[\s*(?:Http(?:Get|Post|Put|Patch|Delete)|Route)\s*\(\s*(?:template\s*:\s*)?"$/,
  // Sinatra and Rails: get '/v1/orders' do … end, post '/v1/…', to: 'orders#create'.
  /^\s*(?:get|post|put|patch|delete|match|options)\s*\(?\s*["']$/,
];

/** A verb call whose next argument is a handler: `x.get('/v1/…', (req, res) => …)`, `…, async (c) =>`, `…, function`. */
const VERB_CALL = /\.\s*(?:get|post|put|patch|delete|all)\s*\(\s*["'`]$/i;
const HANDLER_AFTER = /^["'`]\s*,\s*(?:async\s+)?(?:\(|function\b|[A-Za-z_$][\w$]*\s*=>)/;

/**
 * Whether the path written after `before` (the statement's text up to the path) is a route the
 * code defines. `after` is the text from the path's end; `isWalletName` tells names the file binds
 * to the wallet API (an axios instance `api` with the wallet's base URL is a client, not a router).
 */
export function isRouteDefinition(before: string, after: string, isWalletName: (name: string) => boolean): boolean {
  if (ROUTE_BEFORE.some((pattern) => pattern.test(before))) return true;
  const server = SERVER_RECEIVER.exec(before);
  if (server && !isWalletName(server[1]!)) return true;
  const closing = after.replace(/^[^"'`]*/, '');
  return VERB_CALL.test(before) && HANDLER_AFTER.test(closing);
}
