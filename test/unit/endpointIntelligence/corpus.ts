// Code that is not the wallet API's, in every language the endpoint intelligence reads: calls to
// other APIs (OpenAI, Anthropic, Stripe, Twilio, Google, Kubernetes, Flutterwave, GitHub) and the
// app's own routes. Each file ALSO calls the wallet correctly (base URL, headers), so the file's
// wallet names are there: a check that leaks from the wallet's call to its neighbours fails here.

export interface CorpusFile {
  name: string;
  /** The file's name in a workspace (the host test writes it there). */
  file?: string;
  http?: boolean;
  text: string;
}

export const NOT_THE_WALLET: CorpusFile[] = [
  {
    name: 'Express server (JavaScript)',
    file: 'server.js',
    text: `const express = require('express');
const WALLET = process.env.WALLET_BASE_URL;
const walletHeaders = { 'X-App-Key': process.env.WALLET_APP_KEY };
const app = express();
const router = express.Router();
app.get('/v1/orders/:id', async (req, res) => res.json(await orders.find(req.params.id)));
app.post('/v1/orders', createOrder);
app.get('/v1/users/me', (req, res) => res.json(req.user));
app.post('/v1/users/transfers', async (req, res) => {
  const balance = await fetch(\`\${WALLET}/v1/users/balance\`, { headers: walletHeaders });
  res.json(await balance.json());
});
router.delete('/v1/products/:id', removeProduct);
app.get(
  '/v1/users/profile',
  handler,
);
const openai = await fetch('https://api.openai.com/v1/chat/completions', {
  method: 'POST',
  headers: { Authorization: \`Bearer \${process.env.OPENAI_API_KEY}\` },
});
const models = await fetch('https://api.openai.com/v1/models');
const stripe = await fetch('https://api.stripe.com/v1/balance', { headers: { Authorization: \`Bearer \${sk}\` } });
await axios.post('https://api.stripe.com/v1/payment_intents', form);
await fetch(\`https://conversations.twilio.com/v1/Conversations/\${sid}/Messages\`, { method: 'POST' });
await fetch('https://api.flutterwave.com/v3/transfers', { method: 'POST' });
await fetch('https://api.github.com/repos/o/r/issues');
`,
  },
  {
    name: 'Fastify, Koa and Hono routes and SDK calls (TypeScript)',
    file: 'routes.ts',
    text: `const base: string = process.env.WALLET_BASE_URL ?? 'http://127.0.0.1:4010';
export const wallet = axios.create({ baseURL: base, headers: { 'X-App-Key': key } });
fastify.get('/v1/orders/:id', async (request, reply) => reply.send({}));
server.post('/v1/users/transfers', handler);
koa.get('/v1/users/auth', (ctx) => {});
const hono = new Hono();
hono.get('/v1/users/me', (c) => c.json({}));
shop.get('/v1/users/balances', async (req, res) => {});
const anthropic = await fetch('https://api.anthropic.com/v1/messages', { method: 'POST', headers: { 'x-api-key': k } });
const OPENAI = 'https://api.openai.com';
await fetch(\`\${OPENAI}/v1/chat/completions\`, { method: 'POST', headers: { Authorization: \`Bearer \${k}\` } });
await fetch('/v1/orders', { method: 'POST', body: JSON.stringify(order) });
const google = await fetch(\`https://generativelanguage.googleapis.com/v1/models/gemini:generateContent?key=\${k}\`);
await fetch(\`\${cluster}/api/v1/namespaces/default/pods\`);
await fetch(\`\${cluster}/apis/apps/v1/deployments\`);
const data = await wallet.get('/v1/users/balance');
await fetch('/v1/users/transfer', { body: JSON.stringify(data) });
`,
  },
  {
    name: 'Flask and FastAPI (Python)',
    file: 'app.py',
    text: `import os, requests
BASE = os.environ["WALLET_BASE_URL"]
HEADERS = {"X-App-Key": os.environ["WALLET_APP_KEY"]}

@app.route("/v1/orders/<order_id>")
def order(order_id):
    return requests.get(f"{BASE}/v1/users/balance", headers=HEADERS).json()

@app.get("/v1/users/me")
async def me(): ...

@router.post("/v1/users/transfers")
async def transfer(): ...

@bp.route('/v1/products', methods=['GET'])
def products(): ...

client.post("https://api.openai.com/v1/chat/completions", json=body)
requests.get("https://api.stripe.com/v1/balance", auth=(sk, ""))
requests.post(f"https://api.twilio.com/2010-04-01/Accounts/{sid}/Messages.json")
requests.get(f"{KUBE}/api/v1/pods")
`,
  },
  {
    name: 'net/http, gin and chi (Go)',
    file: 'main.go',
    text: `base := os.Getenv("WALLET_BASE_URL")
req, _ := http.NewRequest("GET", base+"/v1/users/balance", nil)
req.Header.Set("X-App-Key", key)
http.HandleFunc("/v1/orders/", ordersHandler)
mux.HandleFunc("/v1/users/me", me)
router.GET("/v1/users/transfers", transfers)
r.Get("/v1/products", products)
e.POST("/v1/orders", create)
resp, err := http.Post("https://api.openai.com/v1/chat/completions", "application/json", body)
stripe, _ := http.NewRequest("GET", "https://api.stripe.com/v1/balance", nil)
`,
  },
  {
    name: 'Laravel and Guzzle (PHP)',
    file: 'routes.php',
    text: `<?php
$base = getenv('WALLET_BASE_URL');
$balance = $client->get("$base/v1/users/balance", ['headers' => ['X-App-Key' => $key]]);
Route::get('/v1/orders/{id}', [OrderController::class, 'show']);
Route::post('/v1/users/transfers', [TransferController::class, 'store']);
$app->get('/v1/users/me', function ($request, $response) {});
$router->post('/v1/products', 'ProductController@store');
$openai->post('https://api.openai.com/v1/chat/completions', ['json' => $body]);
$http->request('GET', 'https://api.stripe.com/v1/balance');
`,
  },
  {
    name: 'Spring and java.net.http (Java)',
    file: 'OrderController.java',
    text: `String base = System.getenv("WALLET_BASE_URL");
HttpRequest balance = HttpRequest.newBuilder(URI.create(base + "/v1/users/balance"))
    .header("X-App-Key", key).GET().build();
@GetMapping("/v1/orders/{id}")
public Order order(@PathVariable String id) { return orders.find(id); }
@PostMapping(value = "/v1/users/transfers")
@RequestMapping("/v1/users/me")
@Path("/v1/products")
HttpRequest chat = HttpRequest.newBuilder(URI.create("https://api.openai.com/v1/chat/completions")).POST(body).build();
`,
  },
  {
    name: 'ASP.NET (C#)',
    file: 'Program.cs',
    text: `var baseUrl = Environment.GetEnvironmentVariable("WALLET_BASE_URL");
var balance = await http.GetAsync($"{baseUrl}/v1/users/balance");
app.MapGet("/v1/orders/{id}", (int id) => Results.Ok());
app.MapPost("/v1/users/transfers", Transfer);
[HttpGet("/v1/users/me")]
[Route("/v1/products")]
await http.PostAsJsonAsync("https://api.openai.com/v1/chat/completions", body);
await http.GetAsync("https://api.stripe.com/v1/balance");
`,
  },
  {
    name: 'Sinatra and Rails (Ruby)',
    file: 'app.rb',
    text: `BASE = ENV["WALLET_BASE_URL"]
req = Net::HTTP::Get.new(URI("#{BASE}/v1/users/balance"))
req["X-App-Key"] = key
get '/v1/orders/:id' do
end
post '/v1/users/transfers' do
end
get '/v1/users/me', to: 'users#me'
uri = URI("https://api.openai.com/v1/chat/completions")
Net::HTTP.post(URI("https://api.stripe.com/v1/balance"), body)
`,
  },
  {
    name: 'a request file (.http)',
    file: 'requests.http',
    http: true,
    text: `@wallet = http://127.0.0.1:4010
@openai = https://api.openai.com
@shop = http://localhost:3000

GET {{wallet}}/v1/users/balance
X-App-Key: {{key}}

POST {{openai}}/v1/chat/completions
Authorization: Bearer {{openaiKey}}

GET {{shop}}/v1/orders/42

POST https://api.stripe.com/v1/balance

GET http://localhost:3000/v1/users/me
`,
  },
];

/** A misspelt wallet path in each language, where the call shows the wallet: [file, the fix's path]. */
export const WALLET_TYPOS: [CorpusFile, string][] = [
  [{ name: 'fetch with WALLET_BASE_URL', text: 'await fetch(`${process.env.WALLET_BASE_URL}/v1/users/balanse`);' }, '/v1/users/balance'],
  [
    { name: 'fetch with the headers on the next lines', text: "await fetch('/v1/users/balanse', {\n  headers: { 'X-App-Key': key },\n});" },
    '/v1/users/balance',
  ],
  [{ name: 'the sandbox address', text: "await fetch('http://127.0.0.1:4010/v1/transactons');" }, '/v1/transactions'],
  [{ name: 'an environment host', text: "axios.get('https://api.console.staging-api.eyowo.com/v1/users/balanse');" }, '/v1/users/balance'],
  [
    {
      name: 'an axios instance with the base URL',
      text: "const api = axios.create({\n  baseURL: process.env.WALLET_BASE_URL,\n});\nawait api.get('/v1/users/balanse');",
    },
    '/v1/users/balance',
  ],
  [{ name: 'Python', text: 'BASE = os.environ["WALLET_BASE_URL"]\nrequests.get(f"{BASE}/v1/users/balanse")' }, '/v1/users/balance'],
  [
    {
      name: 'Python, the call over lines',
      text: 'requests.get(\n    f"{BASE}/v1/users/balanse",\n    headers={"X-App-Wallet-Access-Token": token},\n)',
    },
    '/v1/users/balance',
  ],
  [
    { name: 'Go', text: 'req, _ := http.NewRequest("GET", base+"/v1/users/balanse", nil)\nreq.Header.Set("X-App-Key", key)' },
    '/v1/users/balance',
  ],
  [{ name: 'PHP', text: '$base = getenv(\'WALLET_BASE_URL\');\n$client->get("$base/v1/users/balanse");' }, '/v1/users/balance'],
  [
    { name: 'Java', text: 'HttpRequest.newBuilder(URI.create(base + "/v1/users/balanse"))\n    .header("X-App-Key", key).GET().build();' },
    '/v1/users/balance',
  ],
  [
    {
      name: 'C#',
      text: 'var request = new HttpRequestMessage(HttpMethod.Get, $"{baseUrl}/v1/users/balanse");\nrequest.Headers.Add("X-App-Key", key);',
    },
    '/v1/users/balance',
  ],
  [{ name: 'Ruby', text: 'req = Net::HTTP::Get.new(URI("#{BASE}/v1/users/balanse"))\nreq["X-App-Key"] = key' }, '/v1/users/balance'],
  [{ name: '.http', http: true, text: 'GET {{host}}/v1/users/balanse\nX-App-Key: {{key}}' }, '/v1/users/balance'],
];

/**
 * Issue 39: what code does with answers, amounts and secrets, where none of it is the wallet's
 * (OpenAI, Stripe, Twilio, GitHub, the app's own routes and prices), beside a wallet call done
 * right: no code finding here.
 */
export const CAREFUL_AND_UNRELATED: CorpusFile[] = [
  {
    name: 'other APIs’ answers, the shop’s own prices and a careful wallet call (TypeScript)',
    file: 'shop.ts',
    text: `export async function chat(messages: unknown[]) {
  const res = await fetch('https://api.openai.com/v1/chat/completions', {
    method: 'POST',
    headers: { Authorization: \`Bearer \${process.env.OPENAI_API_KEY}\` },
    body: JSON.stringify({ model: 'gpt-4o', messages }),
  });
  if (res.status !== 200) throw new Error(\`OpenAI said \${res.status}\`);
  const body = await res.json();
  const job = res.json();
  return body.status === 'completed' ? body.choices : job.then((later) => later.id);
}
export async function charge(price: string) {
  const stripe = await axios.post('https://api.stripe.com/v1/charges', { amount: Number(price) * 100, currency: 'usd' });
  if (stripe.data.status === 'succeeded') return stripe.data.id;
  const sms = await fetch(\`https://api.twilio.com/2010-04-01/Accounts/\${sid}/Messages.json\`, { method: 'POST' });
  const sent = await sms.json();
  const issues = await fetch('https://api.github.com/repos/o/r/issues', { headers: { Authorization: \`token \${gh}\` } });
  return sent.status ?? (await issues.json()).status;
}
app.post('/v1/orders', async (req, res) => {
  const total = req.body.price * 100;
  const cents = Number(req.body.price) * 100;
  res.status(201).json({ total, cents, status: 'created', amount: parseFloat(req.body.price) * 100 });
});
export async function pay(naira: string, mobile: string, token: string) {
  const walletRes = await fetch(\`\${process.env.WALLET_BASE_URL}/v1/users/transfers/phone\`, {
    method: 'POST',
    headers: { 'X-App-Key': process.env.WALLET_APP_KEY!, 'X-App-Wallet-Access-Token': token },
    body: JSON.stringify({ mobile, amount: Math.round(Number(naira) * 100) }),
  });
  if (walletRes.status >= 500) throw new Error('outcome unknown: requery');
  const answer = await walletRes.json();
  if (!answer.success) throw new Error(answer.error);
  return answer.data.transaction.reference;
}
`,
  },
  {
    name: 'a React component that calls its own server (TSX)',
    file: 'PayButton.tsx',
    text: `// The wallet's X-App-Key stays on the server: this component calls /api/pay.
export function PayButton({ naira }: { naira: string }) {
  const pay = async () => {
    const res = await fetch('/api/pay', { method: 'POST', body: JSON.stringify({ amount: Number(naira) * 100 }) });
    const body = await res.json();
    setStatus(body.status);
  };
  return <button onClick={pay}>Pay</button>;
}
`,
  },
];
