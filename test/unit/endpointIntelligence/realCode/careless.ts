// Issue 54: wallet integrations as people commit them, formatted by Prettier at its defaults
// (printWidth 80; realCode.test.ts proves each text is Prettier's output): a Create React App
// component in a `.js` file with JSX, a function component whose fetch puts its URL on a line of
// its own, and a server module with the fee taken off before the naira-to-kobo multiply, a token
// in a body built over several lines and calls longer than any line window. Each mistake is
// listed with the rule that must name it (`code line: text`, lines from 1).

export interface RealFile {
  name: string;
  /** Where the file sits in a project (what tells browser code from server code). */
  file: string;
  text: string;
  /** Every finding it must get, in the file's order; none for a careful file. */
  findings: string[];
}

export const CARELESS: RealFile[] = [
  {
    name: 'a Create React App class component (.js with JSX)',
    file: 'src/Transfer.js',
    text: `import React, { Component } from "react";
import "./Transfer.css";

const BASE_URL = "https://api.console.eyowo.com";
const TRANSFER_FEE = 50;

class Transfer extends Component {
  state = { mobile: "", amount: "", message: "" };

  handleSubmit = async (event) => {
    event.preventDefault();
    const token = localStorage.getItem("walletToken");
    const response = await fetch(\`\${BASE_URL}/v1/users/transfers/phone\`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "X-App-Key": process.env.REACT_APP_WALLET_APP_KEY,
        "X-App-Wallet-Access-Token": token,
      },
      body: JSON.stringify({
        mobile: this.state.mobile,
        amount: (Number(this.state.amount) - TRANSFER_FEE) * 100,
        accessToken: token,
      }),
    });
    const data = await response.json();
    if (data.status === "success") {
      this.setState({ message: "Money sent! Don't close this page." });
    } else {
      this.setState({ message: data.message });
    }
  };

  render() {
    return (
      <form onSubmit={this.handleSubmit}>
        <input
          value={this.state.mobile}
          onChange={(e) => this.setState({ mobile: e.target.value })}
          placeholder="Mobile"
        />
        <input
          value={this.state.amount}
          onChange={(e) => this.setState({ amount: e.target.value })}
          placeholder="Amount (₦)"
        />
        <p>
          A ₦{TRANSFER_FEE} fee is taken off. Don't send more than your balance.
        </p>
        <button type="submit">Send</button>
        {this.state.message && <p className="message">{this.state.message}</p>}
      </form>
    );
  }
}

export default Transfer;
`,
    findings: [
      'secret-in-browser 17: X-App-Key',
      'secret-in-browser 17: REACT_APP_WALLET_APP_KEY',
      'secret-in-browser 18: X-App-Wallet-Access-Token',
      'float-kobo 22: (Number(this.state.amount) - TRANSFER_FEE) * 100 → Math.round((Number(this.state.amount) - TRANSFER_FEE) * 100)',
      'token-in-body 23: accessToken',
      'status-not-success 27: data.status === "success" → data.success === true',
    ],
  },
  {
    name: 'a function component: the URL on its own line, the body built over several lines before the call',
    file: 'src/components/BankTransfer.js',
    text: `import React, { useState } from "react";

export default function BankTransfer({ banks }) {
  const [form, setForm] = useState({
    accountNumber: "",
    bankCode: "",
    amount: "",
  });
  const [status, setStatus] = useState("");

  const send = async () => {
    const walletToken = sessionStorage.getItem("wallet_access_token");
    const payload = {
      accountNumber: form.accountNumber,
      bankCode: form.bankCode,
      accountName: form.accountName,
      amount: parseFloat(form.amount) * 100 + 2500,
      narration: \`Payout to \${form.accountName}\`,
      access_token: walletToken,
    };
    const res = await fetch(
      "https://api.console.eyowo.com/v1/users/transfers/bank",
      {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "X-App-Key": process.env.REACT_APP_WALLET_APP_KEY,
          "X-App-Wallet-Access-Token": walletToken,
        },
        body: JSON.stringify(payload),
      },
    );
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
    findings: [
      'float-kobo 17: parseFloat(form.amount) * 100 → Math.round(parseFloat(form.amount) * 100)',
      'token-in-body 19: access_token',
      'secret-in-browser 27: X-App-Key',
      'secret-in-browser 27: REACT_APP_WALLET_APP_KEY',
      'secret-in-browser 28: X-App-Wallet-Access-Token',
      'status-not-success 34: body.data.status',
    ],
  },
  {
    name: 'a server module: fees around the multiply, the header after a long body, methods past six lines',
    file: 'server/wallet/airtime.ts',
    text: `// The shop's wallet calls, on its server (as committed: each mistake is one of issue 54's).
export async function buyAirtime(mobile: string, naira: string, token: string) {
  const response = await fetch(
    \`\${process.env.WALLET_BASE_URL}/v1/users/payments/bills/vtu\`,
    {
      method: "POST",
      body: JSON.stringify({
        mobile,
        provider: "mtn",
        amount:
          (Number(naira) - Number(process.env.AIRTIME_FEE_NAIRA ?? "0")) * 100,
        reference: crypto.randomUUID(),
        walletAccessToken: token,
      }),
      headers: {
        "Content-Type": "application/json",
        "X-App-Key": process.env.WALLET_APP_KEY ?? "",
        "X-App-Wallet-Access-Token": token,
      },
    },
  );
  const body = response.json();
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
  const amount =
    (parseFloat(transfer.naira) - Number(process.env.BANK_FEE_NAIRA ?? "0")) *
    100;
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
  if (data.status === "success") return data.data.transaction;
  throw new Error(data.message);
}

export async function sendToPhone(
  mobile: string,
  naira: string,
  token: string,
) {
  return axios.post(
    \`\${process.env.WALLET_BASE_URL}/v1/users/transfers/phone\`,
    { mobile, amount: 100 * (parseFloat(naira) + 0.5) },
    {
      headers: {
        "X-App-Key": process.env.WALLET_APP_KEY,
        "X-App-Wallet-Access-Token": token,
      },
    },
  );
}

export async function unlinkAccount(
  account: { accountNumber: string; bankCode: string },
  token: string,
) {
  await fetch(\`\${process.env.WALLET_BASE_URL}/v1/users/accounts\`, {
    headers: {
      "Content-Type": "application/json",
      "X-App-Key": process.env.WALLET_APP_KEY ?? "",
      "X-App-Wallet-Access-Token": token,
    },
    body: JSON.stringify({
      accountNumber: account.accountNumber,
      bankCode: account.bankCode,
    }),
    method: "DELETE",
  });
  const { data } = await axios.delete(
    "https://api.console.eyowo.com/v1/users/accounts",
    { headers: { "X-App-Key": process.env.WALLET_APP_KEY }, data: account },
  );
  return data;
}
`,
    findings: [
      'float-kobo 11: (Number(naira) - Number(process.env.AIRTIME_FEE_NAIRA ?? "0")) * 100 → Math.round((Number(naira) - Number(process.env.AIRTIME_FEE_NAIRA ?? "0")) * 100)',
      'token-in-body 13: walletAccessToken',
      'unawaited-json 22: response.json() → await response.json()',
      'float-kobo 37: (parseFloat(transfer.naira) - Number(process.env.BANK_FEE_NAIRA ?? "0")) *',
      `status-not-success 54: data.status === "success" → (data.success === true && data.data?.transaction?.statusCode === '000001')`,
      'float-kobo 65: 100 * (parseFloat(naira) + 0.5) → Math.round(100 * (parseFloat(naira) + 0.5))',
      'wrong-method 89: DELETE',
      'wrong-method 91: delete',
    ],
  },
];
