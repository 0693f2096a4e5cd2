// Issue 54's careful twins of realCode/careless.ts, and code that is not the wallet's in the same
// shapes (Prettier's, printWidth 80): other APIs' calls and the shop's own routes with the same
// arithmetic, token keys and `.status` reads, a component that calls its own server, and
// server-side rendering. No finding on any of them.
import type { RealFile } from './careless';

export const CAREFUL: Omit<RealFile, 'findings'>[] = [
  {
    name: 'the Create React App component, calling its own server',
    file: 'src/Transfer.js',
    text: `import React, { Component } from "react";

const TRANSFER_FEE = 50;

// The wallet's key and tokens stay on our server: this component calls /api/transfers/phone.
class Transfer extends Component {
  state = { mobile: "", amount: "", message: "" };

  handleSubmit = async (event) => {
    event.preventDefault();
    const response = await fetch("/api/transfers/phone", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        mobile: this.state.mobile,
        amountInKobo: (Number(this.state.amount) - TRANSFER_FEE) * 100,
      }),
    });
    const data = await response.json();
    this.setState({
      message:
        data.status === "sent"
          ? "Money sent! Don't close this page."
          : data.message,
    });
  };

  render() {
    return (
      <form onSubmit={this.handleSubmit}>
        <input
          value={this.state.amount}
          onChange={(e) => this.setState({ amount: e.target.value })}
          placeholder="Amount (₦)"
        />
        <button type="submit">Send</button>
      </form>
    );
  }
}

export default Transfer;
`,
  },
  {
    name: 'the function component, calling its own server',
    file: 'src/components/BankTransfer.js',
    text: `import React, { useState } from "react";

// Our server holds the wallet's key and token, and calls the wallet: the browser calls our server.
export default function BankTransfer({ banks }) {
  const [form, setForm] = useState({
    accountNumber: "",
    bankCode: "",
    amount: "",
  });
  const [status, setStatus] = useState("");

  const send = async () => {
    const payload = {
      accountNumber: form.accountNumber,
      bankCode: form.bankCode,
      accountName: form.accountName,
      amount: parseFloat(form.amount) * 100 + 2500,
      narration: \`Payout to \${form.accountName}\`,
    };
    const res = await fetch("https://shop.example/api/payouts/bank", {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Authorization: \`Bearer \${sessionStorage.getItem("shop_session")}\`,
      },
      body: JSON.stringify(payload),
    });
    const body = await res.json();
    setStatus(body.data.status);
  };

  return (
    <div className="transfer">
      <select onChange={(e) => setForm({ ...form, bankCode: e.target.value })}>
        {banks.map((bank) => (
          <option key={bank.code} value={bank.code}>
            {bank.name}
          </option>
        ))}
      </select>
      <button onClick={send}>Send</button>
      <p>Status: {status}</p>
    </div>
  );
}
`,
  },
  {
    name: 'the server module, done right',
    file: 'server/wallet/airtime.ts',
    text: `// The same calls done right: whole kobo, the token in the header only, the answer's \`success\` read.
const WALLET_BASE_URL = process.env.WALLET_BASE_URL ?? "http://127.0.0.1:4010";

export async function buyAirtime(mobile: string, naira: string, token: string) {
  const response = await fetch(
    \`\${WALLET_BASE_URL}/v1/users/payments/bills/vtu\`,
    {
      method: "POST",
      body: JSON.stringify({
        mobile,
        provider: "mtn",
        amount: Math.round(
          (Number(naira) - Number(process.env.AIRTIME_FEE_NAIRA ?? "0")) * 100,
        ),
        reference: crypto.randomUUID(),
      }),
      headers: {
        "Content-Type": "application/json",
        "X-App-Key": process.env.WALLET_APP_KEY ?? "",
        "X-App-Wallet-Access-Token": token,
      },
    },
  );
  const body = await response.json();
  if (!body.success) throw new Error(body.message);
  return body.data;
}

export async function sendToBank(
  transfer: {
    accountNumber: string;
    bankCode: string;
    accountName: string;
    naira: string;
  },
  token: string,
) {
  const amount = Math.round(
    (parseFloat(transfer.naira) - Number(process.env.BANK_FEE_NAIRA ?? "0")) *
      100,
  );
  const { data } = await axios.post(
    "https://api.console.eyowo.com/v1/users/transfers/bank",
    {
      accountNumber: transfer.accountNumber,
      bankCode: transfer.bankCode,
      accountName: transfer.accountName,
      amount,
    },
    {
      headers: {
        "X-App-Key": process.env.WALLET_APP_KEY,
        "X-App-Wallet-Access-Token": token,
      },
    },
  );
  if (data.success) return data.data.transaction;
  throw new Error(data.message);
}

export async function sendToPhone(
  mobile: string,
  naira: string,
  token: string,
) {
  return axios.post(
    \`\${process.env.WALLET_BASE_URL}/v1/users/transfers/phone\`,
    { mobile, amount: Math.round(100 * (parseFloat(naira) + 0.5)) },
    {
      headers: {
        "X-App-Key": process.env.WALLET_APP_KEY,
        "X-App-Wallet-Access-Token": token,
      },
    },
  );
}

export async function linkedAccounts(token: string) {
  const response = await fetch(
    \`\${process.env.WALLET_BASE_URL}/v1/users/accounts\`,
    {
      headers: {
        "Content-Type": "application/json",
        "X-App-Key": process.env.WALLET_APP_KEY ?? "",
        "X-App-Wallet-Access-Token": token,
      },
      method: "GET",
    },
  );
  const { success, data } = await response.json();
  return success ? data : [];
}
`,
  },
  {
    name: 'server-side rendering with React (.js with JSX on the server)',
    file: 'server/render.js',
    text: `import React from "react";
import { renderToString } from "react-dom/server";
import express from "express";
import App from "./App";

const app = express();

app.get("/", async (req, res) => {
  const balance = await fetch(
    \`\${process.env.WALLET_BASE_URL}/v1/users/balance\`,
    {
      headers: {
        "X-App-Key": process.env.WALLET_APP_KEY,
        "X-App-Wallet-Access-Token": req.session.walletToken,
      },
    },
  );
  const { data } = await balance.json();
  res.send(renderToString(<App balance={data.user.balance} />));
});
`,
  },
  {
    name: 'the shop’s own routes, Stripe, OpenAI, its own /v1/ API and a test titled with a path',
    file: 'server/shop.js',
    text: `const express = require("express");
const WALLET = process.env.WALLET_BASE_URL;
const walletHeaders = {
  "X-App-Key": process.env.WALLET_APP_KEY,
  "Content-Type": "application/json",
};
const app = express();

app.post("/v1/orders/:id/pay", async (req, res) => {
  const order = await orders.find(req.params.id);
  const naira = Number(order.total) - Number(order.discount ?? 0);
  const walletRes = await fetch(\`\${WALLET}/v1/users/transfers/phone\`, {
    method: "POST",
    headers: {
      ...walletHeaders,
      "X-App-Wallet-Access-Token": req.session.walletToken,
    },
    body: JSON.stringify({
      mobile: order.mobile,
      amount: Math.round((naira - 50) * 100),
    }),
  });
  const answer = await walletRes.json();
  if (!answer.success)
    return res.status(502).json({ status: "failed", message: answer.message });
  res.status(201).json({
    status: "paid",
    amount: (Number(order.total) - 50) * 100,
    accessToken: req.session.walletToken,
  });
});

async function charge(price, discount, customer) {
  const stripe = await fetch("https://api.stripe.com/v1/payment_intents", {
    method: "POST",
    headers: {
      Authorization: \`Bearer \${process.env.STRIPE_SECRET_KEY}\`,
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams({
      amount: String((Number(price) - Number(discount)) * 100),
      currency: "ngn",
      customer,
    }),
  });
  const intent = await stripe.json();
  if (intent.status === "succeeded") return intent.id;
  const chat = await fetch("https://api.openai.com/v1/chat/completions", {
    method: "POST",
    headers: {
      Authorization: \`Bearer \${process.env.OPENAI_API_KEY}\`,
      "Content-Type": "application/json",
    },
    body: JSON.stringify({
      model: "gpt-4o-mini",
      messages: [
        { role: "user", content: \`Why did payment \${intent.id} fail?\` },
      ],
      access_token: process.env.OPENAI_API_KEY,
    }),
  });
  const reply = chat.json();
  return reply.status;
}

async function placeOrder(cart, session) {
  const response = await fetch("/v1/orders", {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Authorization: \`Bearer \${session.token}\`,
    },
    body: JSON.stringify({
      items: cart.items,
      amount: (Number(cart.total) - cart.voucher) * 100,
      accessToken: session.token,
    }),
  });
  const body = await response.json();
  return body.status === "created";
}

describe("/v1/users/transfers", () => {
  const headers = { "X-App-Key": process.env.WALLET_APP_KEY };
  it("sends a phone transfer", async () => {
    expect(headers).toBeDefined();
  });
});
`,
  },
  {
    name: 'a component paying by Stripe and through its own /v1/ API',
    file: 'src/Checkout.js',
    text: `import React, { useState } from "react";

// Card payments go through Stripe; the wallet is paid by our server (/api/wallet/pay), never from here.
export default function Checkout({ cart, session }) {
  const [error, setError] = useState("");
  const payByCard = async () => {
    const res = await fetch("https://api.stripe.com/v1/payment_methods", {
      method: "POST",
      headers: {
        Authorization: \`Bearer \${process.env.REACT_APP_STRIPE_PUBLISHABLE_KEY}\`,
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({
        type: "card",
        "billing_details[name]": session.name,
        amount: String((Number(cart.total) - cart.discount) * 100),
      }),
    });
    const method = await res.json();
    if (method.status !== "succeeded")
      setError("Your card wasn't accepted (it's not you, it's us).");
  };
  const payByWallet = async () => {
    const res = await fetch("/v1/checkout/wallet", {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Authorization: \`Bearer \${session.token}\`,
      },
      body: JSON.stringify({
        cartId: cart.id,
        amount: (Number(cart.total) - cart.discount) * 100,
        accessToken: session.token,
      }),
    });
    const answer = await res.json();
    if (answer.status !== "paid") setError(answer.message);
  };
  return (
    <div className="checkout">
      <p>
        Total: ₦{cart.total} (you'll pay ₦{cart.total - cart.discount})
      </p>
      {error && <p className="error">{error}</p>}
      <button onClick={payByCard}>Pay by card</button>
      <button onClick={payByWallet}>Pay from your wallet</button>
      <small>
        Don't close this page until it says "paid". See
        https://shop.example/help for help.
      </small>
    </div>
  );
}
`,
  },
];
