/**
 * Generated from openapi.json by `npm run generate` in sdk/ (openapi-typescript). Do not edit:
 * a test fails when this file is stale.
 */
/* eslint-disable */
export interface paths {
    "/api/lending/v2.2/applications/{application_id}/offers/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve offers (the first call decides)
         * @description The offers of the application. The first call decides the application under the lender's policy; then the answer is stable. `offer_creation_status` says whether offers are available, pending or declined.
         */
        get: operations["listOffers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lending/v2.2/authentication_check/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Verify headers and connectivity
         * @description Checks your token and headers: answers the API version, the environment of the token and your partner id. Call it first when you set up.
         */
        get: operations["authenticationCheck"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lending/v2.2/bank_statements/{customer_id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload an open-banking JSON bank statement as the body (optionally wrapped in data)
         * @description Uploads an open-banking bank statement as a JSON body; it is read into transactions and bank accounts.
         */
        post: operations["submitBankStatements"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lending/v2.2/customers/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a customer
         * @description Creates a customer: the company and its people (one applicant at least). `external_customer_id` is your own id for the customer; a second customer with the same one is 409 DuplicateCustomer. Send an `Idempotency-Key` to retry safely.
         */
        post: operations["createCustomer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lending/v2.2/customers/{customer_id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a customer
         * @description The customer as stored, with its company and people.
         */
        get: operations["getCustomer"];
        /**
         * Replace a customer's details
         * @description Replaces the customer's details (the whole company and people). The same rules as creation apply.
         */
        put: operations["updateCustomer"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lending/v2.2/customers/{customer_id}/applications/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an application
         * @description Opens an application for the customer with the amount wanted (GBP). One open application per customer (409 ApplicationAlreadyOpen). Emits application_attributed.
         */
        post: operations["createApplication"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lending/v2.2/customers/{customer_id}/applications/latest/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the latest application
         * @description The customer's most recent application and its status.
         */
        get: operations["getLatestApplication"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update the latest application while it is open
         * @description Changes the loan requests or the introducer of the latest application while it is open. Answers 202 with no body: read the application back with GET.
         */
        patch: operations["updateLatestApplication"];
        trace?: never;
    };
    "/api/lending/v2.2/customers/{customer_id}/funding_account/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the customer's current funding account
         * @description The customer's current funding account (404 when none was set), with its status.
         */
        get: operations["getFundingAccount"];
        /**
         * Set the customer's funding account (bank details for payouts)
         * @description Sets the customer's funding account: the business bank account drawdowns are paid into. Format problems are 400 ValidationError, all at once; details that fail the UK modulus check are 400 BankDetailsInvalid. The payee name check (Confirmation of Payee) gives the status: match is verified, no_match rejected, close_match or unavailable needs_review until the lender reviews it. A new PUT replaces the account (the old one is kept in the lender's history). The answer never holds the whole account number, only its last four digits. In production a drawdown needs a verified account (400 FundingAccountRequired).
         */
        put: operations["setFundingAccount"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lending/v2.2/customers/{customer_id}/loans/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A customer's loans, newest first (paged)
         * @description The customer's loans, newest first: one per funding, each with its balance, next repayment, arrears (with days past due) and every repayment with its status. One page at a time: `limit` (50 by default, at most 200), the next page with `cursor` set to `meta.next_cursor`.
         */
        get: operations["listCustomerLoans"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lending/v2.2/customers/{customer_id}/login_link/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a single-use customer login link (valid 24 hours)
         * @description A single-use link that signs the customer in to the portal (valid 24 hours). Only when the application names the customer as the contact.
         */
        get: operations["getLoginLink"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lending/v2.2/customers/{customer_id}/pre_approval/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the customer's pre-approval (a limit drawn without an application)
         * @description The customer's latest pre-approval: a confirmed flexi_loan limit that belongs to the customer, not to an application, drawn without a new application (the portal's /portal/pre-approval, the operator, or the sandbox funding route) under the usual funding rules. 404 when the customer never had one. Its offer_id works with the repayment schedule route.
         */
        get: operations["getPreApproval"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lending/v2.2/document_upload/{customer_id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the customer's documents with their status and bank accounts, newest first (paged)
         * @description The customer's documents, newest first, with their processing status, and the bank accounts read from statements. One page at a time: `limit` (50 by default, at most 200), the next page with `cursor` set to `meta.next_cursor`.
         */
        get: operations["listDocuments"];
        put?: never;
        /**
         * Upload a document (multipart: text part document_type, file part document)
         * @description Uploads one document as multipart/form-data: a text part `document_type` first, then the file part `document` (PDF, image, CSV, spreadsheet; 20 MiB at most). Uploads have their own rate limit.
         */
        post: operations["uploadDocument"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lending/v2.2/events/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List events (cursor, type filter, long poll)
         * @description Every event emitted for you in the last 30 days, subscribed or not, oldest first, strictly after the event `after`. With `wait`, an empty answer waits up to that many seconds for the next event. Each item's `data` is exactly the webhook body's `data`.
         */
        get: operations["listEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lending/v2.2/events/{event_id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One event with its delivery status
         * @description The event and where its webhook delivery stands: delivered, pending, failing (attempts failed so far) or not_subscribed.
         */
        get: operations["getEvent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lending/v2.2/introducers/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List your introducers
         * @description The introducers of your account, to name one on an application.
         */
        get: operations["listIntroducers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lending/v2.2/loans/{loan_id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A loan: balance, next repayment, arrears and every repayment with its status
         * @description A loan (its id is the funding id): the repayment schedule from the funding date, each repayment `scheduled`, `collected` or `missed`; the balance is what remains of the repayments not yet collected; `days_past_due` counts from the oldest missed repayment to today. `withdrawal` is the notice of withdrawal from a regulated loan (Consumer Credit Act s.66A), given in the customer portal within 14 days after the drawdown: the day it was given, the day to repay by (30 days later) and the amount to repay today (the amount drawn plus interest at the monthly rate × 12 ÷ 365 for each day since the drawdown, no fee); null without one. Once notice is given `next_repayment` is null; the status becomes `withdrawn` when the repayment is recorded.
         */
        get: operations["getLoan"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lending/v2.2/loans/{loan_id}/settlement_quote/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The figure that settles the loan on a day (default: the first day from today that can be quoted)
         * @description What settles the loan on `on` (not before the funding date, at most 28 days ahead, not after the last repayment, and after every repayment whose outcome is recorded; otherwise 400 naming `on`). Without `on`, the first of those days from today (the customer's test clock's date for a customer on one): today, or on a repayment day whose repayment is already recorded the next day; when no day is left (the last repayment's outcome recorded, the term over, or recorded outcomes more than 28 days ahead) 400 ValidationError saying why, and for a settled loan 400 LoanSettled. The figure is section 10's early payoff for that day (the principal left, interest for the part period, the fee if not yet paid) plus every missed repayment as `arrears`. Repayments due before `on` are expected to be collected on their dates. For a loan regulated by the Consumer Credit Act the amount never exceeds what the Consumer Credit (Early Settlement) Regulations 2004 allow (regulation 4, at the loan's APR, the settlement date deferred a month for a loan of more than 365 days): `rebate` is what they take off (0 otherwise).
         */
        get: operations["getSettlementQuote"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lending/v2.2/loans/{loan_id}/statement/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The loan's statement as a PDF (Accept: application/pdf)
         * @description The loan's statement as a PDF (send Accept: application/pdf): the terms, every repayment with its status and the day it was collected, the balance and the arrears, as at today.
         */
        get: operations["getLoanStatement"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lending/v2.2/offers/{offer_id}/repayment_schedule/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Repayment schedule (JSON, or a PDF when Accept or Content-Type is application/pdf)
         * @description The repayment schedule of an offer for an amount (default its maximum), optionally paid off early on a date. Exact pence. Accept application/pdf for a printable PDF.
         */
        get: operations["getRepaymentSchedule"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lending/v2.2/offers/{offer_id}/select/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Select an offer
         * @description Selects an offer for the customer and says who the lender contacts next (customer or introducer). Other offers stay available until one is funded.
         */
        post: operations["selectOffer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lending/v2.2/prequalification_data": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the status and quotes of a prequalification file
         * @description The processing status of a prequalification file and the quotes made.
         */
        get: operations["getPrequalification"];
        put?: never;
        /**
         * Send prospective customers to prequalify: a CSV or JSON file (multipart part file) or a JSON body
         * @description Answers 202 at once; the file is quoted in the background. Each unique external_customer_id gets a quote (the last row wins). Follow the prequalification_202505 / prequalification_data_file_processed_202510 webhooks, or poll GET /prequalification_data.
         */
        post: operations["createPrequalification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lending/v2.2/request_log/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your recent API requests, newest first (paged)
         * @description The last 7 days of your requests: method, path (no query string), status, error code, duration, idempotency key. Never bodies, tokens or personal data. One page at a time: `limit` rows (50 by default, at most 200), the next page with `cursor` set to `meta.next_cursor`.
         */
        get: operations["listRequestLog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lending/v2.2/sandbox/applications/{application_id}/decision": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Decide an open application (sandbox only)
         * @description Sandbox only: decides an open application now (offered with the terms you give, declined, deferred…), emitting the same events as a real decision.
         */
        post: operations["sandboxDecideApplication"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lending/v2.2/sandbox/customers/{customer_id}/pre_approvals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pre-approve a customer (sandbox only)
         * @description Sandbox only: pre-approves the customer with these terms (what an operator does in production). A new pre-approval revokes the previous one.
         */
        post: operations["sandboxPreApproveCustomer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lending/v2.2/sandbox/loans/{loan_id}/settle": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pay the settlement figure and settle the loan, or under notice of withdrawal pay the withdrawal amount (sandbox only)
         * @description Sandbox only: records the payment of the settlement figure on `on` (default today) and settles the loan: the repayments from `on` are replaced by that payment, missed ones are paid with it. Every repayment due before `on` needs its outcome recorded first (400 RepaymentOutcomePending). Emits loan_settled_202611. Under notice of withdrawal it records instead the payment of the withdrawal amount on `on` (not before the notice, not after today), and the loan becomes `withdrawn` (no event); a withdrawn loan is 400 LoanWithdrawn.
         */
        post: operations["sandboxSettleLoan"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lending/v2.2/sandbox/loans/{loan_id}/simulate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record Direct Debit outcomes up to a date, some missed (sandbox only)
         * @description Sandbox only: records every repayment due on or before `until` as collected on its date, except those listed in `missed`; a repayment missed earlier and not listed now is collected late, on `until`. For a customer on a test clock it happens on the date of the clock: `until` and each `missed` date after that date are 400 ValidationError (`/data/until`, `/data/missed/0`…); a customer on no clock may record ahead of today. Recording what is already recorded changes nothing; under notice of withdrawal the Direct Debits stop (409 WithdrawalNoticeGiven). Emits loan_repayment_collected_202611, loan_repayment_missed_202611 and loan_settled_202611 as the outcomes change.
         */
        post: operations["sandboxSimulateLoanCollections"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lending/v2.2/sandbox/offers/{offer_id}/fundings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Draw funds from a selected offer (sandbox only)
         * @description Sandbox only: draws funds from a selected offer (or a pre-approval), moving the application to funded and emitting customer_funded and funding_created_202607. Paid into the customer’s verified funding account (`paid_to`); a customer without one is paid into a simulated account; one whose account is not verified is refused with 400 FundingAccountRequired, as in production.
         */
        post: operations["sandboxFundOffer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lending/v2.2/sandbox/test_clocks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a test clock at today (sandbox only)
         * @description Sandbox only: a test clock at today (London), `ready`. Put customers on it when you create them (`test_clock_id` in POST /customers/): for them, today and now are the clock's everywhere (applications, decisions, offers' expiry, login links, fundings, loans, collections, arrears, settlement quotes, the withdrawal window, pre-approvals, documents and the portal). At most 100 clocks a partner (400 TestClockLimit).
         */
        post: operations["createTestClock"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lending/v2.2/sandbox/test_clocks/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your test clocks, newest first, a page at a time (sandbox only)
         * @description Sandbox only: your test clocks, newest first, `limit` (1 to 200, default 50) at a time; `meta.next_cursor` is the `cursor` of the next page (null on the last), `meta.previous_cursor` that of the page before (null on the first). A cursor of another list, or of another partner, is 400 naming `cursor`.
         */
        get: operations["listTestClocks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lending/v2.2/sandbox/test_clocks/{test_clock_id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A test clock: its date, status and customers (sandbox only)
         * @description Sandbox only: the clock's date (`frozen_on`), its status and how many customers are on it. While it advances, `frozen_on` is the last day played.
         */
        get: operations["getTestClock"];
        put?: never;
        post?: never;
        /**
         * Delete a test clock: it stops advancing; its customers keep their data and its date (sandbox only)
         * @description Sandbox only: deletes the clock. It stops advancing and is no longer listed; its customers keep their data and stay on the date it reached.
         */
        delete: operations["deleteTestClock"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lending/v2.2/sandbox/test_clocks/{test_clock_id}/advance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Advance a test clock to a date: the worker plays each day in order (sandbox only)
         * @description Sandbox only: moves the clock to `to` (after its date, at most two years after it). Answers at once with the clock `advancing`; the worker then plays each day in order, for every customer on the clock: offers past their expiry expire, each repayment due that day is collected by the simulated Direct Debit unless the day is in `missed` (then it is missed), arrears age, withdrawal windows close, pre-approvals expire, idle applications are deferred after 90 days. Events carry the clock's dates and times; deliveries happen now. When the last day is played the clock is `ready` at `to` and test_clock_ready_202611 is sent. A second advance while it advances is 409 TestClockAdvancing.
         */
        post: operations["advanceTestClock"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lending/v2.2/sandbox/webhooks/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a sample event of any type (sandbox only)
         * @description Sandbox only: sends a realistic sample event of any type to your webhook URL (and to the events API).
         */
        post: operations["sandboxTestEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lending/v2.2/webhooks/configuration/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the webhook URL (the token is write-only)
         * @description The webhook URL; the token is never shown again.
         */
        get: operations["getWebhookConfiguration"];
        /**
         * Set the webhook URL and token
         * @description Sets where webhooks go (https in production) and an optional bearer token the lender sends with them.
         */
        put: operations["setWebhookConfiguration"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lending/v2.2/webhooks/deliveries/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The delivery log: every attempt, newest first (paged)
         * @description Every delivery attempt, newest first: status, response status, duration, error and the next retry. One page at a time: `limit` (50 by default, at most 200), the next page with `cursor` set to `meta.next_cursor` (also in `data.next_cursor`, where earlier versions put it).
         */
        get: operations["listDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lending/v2.2/webhooks/event_types/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List subscribable event types
         * @description The event types you can subscribe to, with what each means.
         */
        get: operations["listEventTypes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lending/v2.2/webhooks/events/{event_id}/redeliver/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send an event again now
         * @description Sends an event again now, whatever the subscriptions say.
         */
        post: operations["redeliverEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lending/v2.2/webhooks/signing_secret/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the webhook signing secret (needs the write scope)
         * @description The secret that signs every webhook (X-SVC-Signature, HMAC-SHA256 of the timestamp and the body). The SDK's verifier checks it.
         */
        get: operations["getSigningSecret"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lending/v2.2/webhooks/signing_secret/rotate/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replace the signing secret
         * @description Replaces the signing secret at once; webhooks sent from now on are signed with the new one.
         */
        post: operations["rotateSigningSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lending/v2.2/webhooks/subscriptions/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List subscriptions (one row per event type)
         * @description Every event type with whether you subscribe to it.
         */
        get: operations["listSubscriptions"];
        put?: never;
        /**
         * Subscribe to event types (idempotent)
         * @description Subscribes to event types (subscribing twice changes nothing).
         */
        post: operations["subscribe"];
        /**
         * Unsubscribe from event types
         * @description Unsubscribes from event types.
         */
        delete: operations["unsubscribe"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    application_attributed: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * application_attributed
         * @description An application is created for a customer and attributed to you. Sent as a POST with X-SVC-Event-ID, X-SVC-Event-Type, X-SVC-Timestamp and X-SVC-Signature (HMAC-SHA256 with your signing secret), and `Authorization: Bearer` with your token when you set one. The same payload is readable from GET /events/.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id, the same on every retry of the event: deduplicate on it. */
                    "X-SVC-Event-ID": string;
                    /** @description The event type, as webhook_event_type in GET /webhooks/event_types/. */
                    "X-SVC-Event-Type": "application_attributed";
                    /** @description `sha256=` and the base64 HMAC-SHA256 of `{X-SVC-Timestamp}.{raw body}` keyed by your signing secret. */
                    "X-SVC-Signature": string;
                    /** @description Unix time in seconds when this delivery attempt started. */
                    "X-SVC-Timestamp": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "application_id": "00000000-0000-4000-8000-000000000001",
                     *         "customer_id": "00000000-0000-4000-8000-000000000002",
                     *         "external_customer_id": "sample-customer-001",
                     *         "amount": 25000,
                     *         "is_topup": false,
                     *         "attributed_at": "2026-07-01T09:30:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["ApplicationAttributedPayload"];
                    };
                };
            };
            responses: {
                /** @description Any 2xx acknowledges the event; anything else (or no answer in time) is retried on the timetable. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    application_declined: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * application_declined
         * @description An application is declined. Sent as a POST with X-SVC-Event-ID, X-SVC-Event-Type, X-SVC-Timestamp and X-SVC-Signature (HMAC-SHA256 with your signing secret), and `Authorization: Bearer` with your token when you set one. The same payload is readable from GET /events/.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id, the same on every retry of the event: deduplicate on it. */
                    "X-SVC-Event-ID": string;
                    /** @description The event type, as webhook_event_type in GET /webhooks/event_types/. */
                    "X-SVC-Event-Type": "application_declined";
                    /** @description `sha256=` and the base64 HMAC-SHA256 of `{X-SVC-Timestamp}.{raw body}` keyed by your signing secret. */
                    "X-SVC-Signature": string;
                    /** @description Unix time in seconds when this delivery attempt started. */
                    "X-SVC-Timestamp": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "application_id": "00000000-0000-4000-8000-000000000001",
                     *         "customer_id": "00000000-0000-4000-8000-000000000002",
                     *         "external_customer_id": "sample-customer-001",
                     *         "declined_at": "2026-07-01T09:30:00.000Z",
                     *         "can_reapply_from": "2026-10-01"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["ApplicationDeclinedPayload"];
                    };
                };
            };
            responses: {
                /** @description Any 2xx acknowledges the event; anything else (or no answer in time) is retried on the timetable. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    application_deferred: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * application_deferred
         * @description An application is closed without an approve or decline decision. Sent as a POST with X-SVC-Event-ID, X-SVC-Event-Type, X-SVC-Timestamp and X-SVC-Signature (HMAC-SHA256 with your signing secret), and `Authorization: Bearer` with your token when you set one. The same payload is readable from GET /events/.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id, the same on every retry of the event: deduplicate on it. */
                    "X-SVC-Event-ID": string;
                    /** @description The event type, as webhook_event_type in GET /webhooks/event_types/. */
                    "X-SVC-Event-Type": "application_deferred";
                    /** @description `sha256=` and the base64 HMAC-SHA256 of `{X-SVC-Timestamp}.{raw body}` keyed by your signing secret. */
                    "X-SVC-Signature": string;
                    /** @description Unix time in seconds when this delivery attempt started. */
                    "X-SVC-Timestamp": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "application_id": "00000000-0000-4000-8000-000000000001",
                     *         "customer_id": "00000000-0000-4000-8000-000000000002",
                     *         "external_customer_id": "sample-customer-001",
                     *         "deferred_at": "2026-07-01T09:30:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["ApplicationDeferredPayload"];
                    };
                };
            };
            responses: {
                /** @description Any 2xx acknowledges the event; anything else (or no answer in time) is retried on the timetable. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    application_offered: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * application_offered
         * @description The customer receives a confirmed offer for an application. Sent as a POST with X-SVC-Event-ID, X-SVC-Event-Type, X-SVC-Timestamp and X-SVC-Signature (HMAC-SHA256 with your signing secret), and `Authorization: Bearer` with your token when you set one. The same payload is readable from GET /events/.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id, the same on every retry of the event: deduplicate on it. */
                    "X-SVC-Event-ID": string;
                    /** @description The event type, as webhook_event_type in GET /webhooks/event_types/. */
                    "X-SVC-Event-Type": "application_offered";
                    /** @description `sha256=` and the base64 HMAC-SHA256 of `{X-SVC-Timestamp}.{raw body}` keyed by your signing secret. */
                    "X-SVC-Signature": string;
                    /** @description Unix time in seconds when this delivery attempt started. */
                    "X-SVC-Timestamp": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "application_id": "00000000-0000-4000-8000-000000000001",
                     *         "customer_id": "00000000-0000-4000-8000-000000000002",
                     *         "external_customer_id": "sample-customer-001",
                     *         "offers": [
                     *           {
                     *             "offer_id": "00000000-0000-4000-8000-000000000003",
                     *             "product_type": "flexi_loan",
                     *             "max_amount": 25000,
                     *             "monthly_interest_percentage": 3,
                     *             "fee_percentage": 0,
                     *             "duration_in_days": 365,
                     *             "apr": 42.6
                     *           }
                     *         ],
                     *         "offered_at": "2026-07-01T09:30:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["ApplicationOfferedPayload"];
                    };
                };
            };
            responses: {
                /** @description Any 2xx acknowledges the event; anything else (or no answer in time) is retried on the timetable. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    application_status_changed: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * application_status_changed
         * @description The status of an application changes. Sent as a POST with X-SVC-Event-ID, X-SVC-Event-Type, X-SVC-Timestamp and X-SVC-Signature (HMAC-SHA256 with your signing secret), and `Authorization: Bearer` with your token when you set one. The same payload is readable from GET /events/.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id, the same on every retry of the event: deduplicate on it. */
                    "X-SVC-Event-ID": string;
                    /** @description The event type, as webhook_event_type in GET /webhooks/event_types/. */
                    "X-SVC-Event-Type": "application_status_changed";
                    /** @description `sha256=` and the base64 HMAC-SHA256 of `{X-SVC-Timestamp}.{raw body}` keyed by your signing secret. */
                    "X-SVC-Signature": string;
                    /** @description Unix time in seconds when this delivery attempt started. */
                    "X-SVC-Timestamp": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "application_id": "00000000-0000-4000-8000-000000000001",
                     *         "customer_id": "00000000-0000-4000-8000-000000000002",
                     *         "external_customer_id": "sample-customer-001",
                     *         "previous_status": "open",
                     *         "status": "offered",
                     *         "changed_at": "2026-07-01T09:30:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["ApplicationStatusChangedPayload"];
                    };
                };
            };
            responses: {
                /** @description Any 2xx acknowledges the event; anything else (or no answer in time) is retried on the timetable. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    customer_funded: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * customer_funded
         * @description A customer draws funds from an offer that originated from one of your applications. Sent as a POST with X-SVC-Event-ID, X-SVC-Event-Type, X-SVC-Timestamp and X-SVC-Signature (HMAC-SHA256 with your signing secret), and `Authorization: Bearer` with your token when you set one. The same payload is readable from GET /events/.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id, the same on every retry of the event: deduplicate on it. */
                    "X-SVC-Event-ID": string;
                    /** @description The event type, as webhook_event_type in GET /webhooks/event_types/. */
                    "X-SVC-Event-Type": "customer_funded";
                    /** @description `sha256=` and the base64 HMAC-SHA256 of `{X-SVC-Timestamp}.{raw body}` keyed by your signing secret. */
                    "X-SVC-Signature": string;
                    /** @description Unix time in seconds when this delivery attempt started. */
                    "X-SVC-Timestamp": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "customer_id": "00000000-0000-4000-8000-000000000001",
                     *         "external_customer_id": "sample-customer-001",
                     *         "application_id": "00000000-0000-4000-8000-000000000002",
                     *         "offer_id": "00000000-0000-4000-8000-000000000003",
                     *         "funding_id": "00000000-0000-4000-8000-000000000004",
                     *         "funding_amount": 10000,
                     *         "funded_at": "2026-07-01T09:30:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["CustomerFundedPayload"];
                    };
                };
            };
            responses: {
                /** @description Any 2xx acknowledges the event; anything else (or no answer in time) is retried on the timetable. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    funding_created_202607: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * funding_created_202607
         * @description Funds are sent to a customer; carries the funding and the offer it was drawn from. Sent as a POST with X-SVC-Event-ID, X-SVC-Event-Type, X-SVC-Timestamp and X-SVC-Signature (HMAC-SHA256 with your signing secret), and `Authorization: Bearer` with your token when you set one. The same payload is readable from GET /events/.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id, the same on every retry of the event: deduplicate on it. */
                    "X-SVC-Event-ID": string;
                    /** @description The event type, as webhook_event_type in GET /webhooks/event_types/. */
                    "X-SVC-Event-Type": "funding_created_202607";
                    /** @description `sha256=` and the base64 HMAC-SHA256 of `{X-SVC-Timestamp}.{raw body}` keyed by your signing secret. */
                    "X-SVC-Signature": string;
                    /** @description Unix time in seconds when this delivery attempt started. */
                    "X-SVC-Timestamp": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "application_id": "00000000-0000-4000-8000-000000000001",
                     *         "customer_id": "00000000-0000-4000-8000-000000000002",
                     *         "external_customer_id": "sample-customer-001",
                     *         "funding_amount": 10000,
                     *         "funding_created_at": "2026-07-01T09:30:00.000Z",
                     *         "funding_fee_amount": 0,
                     *         "funding_id": "00000000-0000-4000-8000-000000000003",
                     *         "offer_duration_in_days": 365,
                     *         "offer_fee_percentage": 0,
                     *         "offer_id": "00000000-0000-4000-8000-000000000004",
                     *         "offer_max_amount": 25000,
                     *         "offer_monthly_interest_percentage": 3
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["FundingCreated202607Payload"];
                    };
                };
            };
            responses: {
                /** @description Any 2xx acknowledges the event; anything else (or no answer in time) is retried on the timetable. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    indicative_offer_created: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * indicative_offer_created
         * @description An indicative offer is created for a customer. Sent as a POST with X-SVC-Event-ID, X-SVC-Event-Type, X-SVC-Timestamp and X-SVC-Signature (HMAC-SHA256 with your signing secret), and `Authorization: Bearer` with your token when you set one. The same payload is readable from GET /events/.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id, the same on every retry of the event: deduplicate on it. */
                    "X-SVC-Event-ID": string;
                    /** @description The event type, as webhook_event_type in GET /webhooks/event_types/. */
                    "X-SVC-Event-Type": "indicative_offer_created";
                    /** @description `sha256=` and the base64 HMAC-SHA256 of `{X-SVC-Timestamp}.{raw body}` keyed by your signing secret. */
                    "X-SVC-Signature": string;
                    /** @description Unix time in seconds when this delivery attempt started. */
                    "X-SVC-Timestamp": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "customer_id": "00000000-0000-4000-8000-000000000001",
                     *         "external_customer_id": "sample-customer-001",
                     *         "offer_id": "00000000-0000-4000-8000-000000000002",
                     *         "max_amount": 20000,
                     *         "monthly_interest_percentage": 3,
                     *         "fee_percentage": 0,
                     *         "duration_in_days": 365,
                     *         "created_at": "2026-07-01T09:30:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["IndicativeOfferCreatedPayload"];
                    };
                };
            };
            responses: {
                /** @description Any 2xx acknowledges the event; anything else (or no answer in time) is retried on the timetable. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    loan_repayment_collected_202611: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * loan_repayment_collected_202611
         * @description A loan's repayment is collected (on its date, or late after a missed collection). Sent as a POST with X-SVC-Event-ID, X-SVC-Event-Type, X-SVC-Timestamp and X-SVC-Signature (HMAC-SHA256 with your signing secret), and `Authorization: Bearer` with your token when you set one. The same payload is readable from GET /events/.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id, the same on every retry of the event: deduplicate on it. */
                    "X-SVC-Event-ID": string;
                    /** @description The event type, as webhook_event_type in GET /webhooks/event_types/. */
                    "X-SVC-Event-Type": "loan_repayment_collected_202611";
                    /** @description `sha256=` and the base64 HMAC-SHA256 of `{X-SVC-Timestamp}.{raw body}` keyed by your signing secret. */
                    "X-SVC-Signature": string;
                    /** @description Unix time in seconds when this delivery attempt started. */
                    "X-SVC-Timestamp": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "loan_id": "00000000-0000-4000-8000-000000000001",
                     *         "customer_id": "00000000-0000-4000-8000-000000000002",
                     *         "external_customer_id": "sample-customer-001",
                     *         "due_date": "2026-07-01",
                     *         "amount": 887.53,
                     *         "balance_after": 9762.83,
                     *         "days_past_due": 0
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["LoanRepaymentCollected202611Payload"];
                    };
                };
            };
            responses: {
                /** @description Any 2xx acknowledges the event; anything else (or no answer in time) is retried on the timetable. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    loan_repayment_missed_202611: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * loan_repayment_missed_202611
         * @description A loan's repayment could not be collected on its date: the loan is in arrears. Sent as a POST with X-SVC-Event-ID, X-SVC-Event-Type, X-SVC-Timestamp and X-SVC-Signature (HMAC-SHA256 with your signing secret), and `Authorization: Bearer` with your token when you set one. The same payload is readable from GET /events/.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id, the same on every retry of the event: deduplicate on it. */
                    "X-SVC-Event-ID": string;
                    /** @description The event type, as webhook_event_type in GET /webhooks/event_types/. */
                    "X-SVC-Event-Type": "loan_repayment_missed_202611";
                    /** @description `sha256=` and the base64 HMAC-SHA256 of `{X-SVC-Timestamp}.{raw body}` keyed by your signing secret. */
                    "X-SVC-Signature": string;
                    /** @description Unix time in seconds when this delivery attempt started. */
                    "X-SVC-Timestamp": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "loan_id": "00000000-0000-4000-8000-000000000001",
                     *         "customer_id": "00000000-0000-4000-8000-000000000002",
                     *         "external_customer_id": "sample-customer-001",
                     *         "due_date": "2026-07-01",
                     *         "amount": 887.53,
                     *         "balance_after": 9762.83,
                     *         "days_past_due": 0
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["LoanRepaymentMissed202611Payload"];
                    };
                };
            };
            responses: {
                /** @description Any 2xx acknowledges the event; anything else (or no answer in time) is retried on the timetable. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    loan_settled_202611: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * loan_settled_202611
         * @description A loan is repaid in full: its last repayment collected, or settled early for the settlement figure. Sent as a POST with X-SVC-Event-ID, X-SVC-Event-Type, X-SVC-Timestamp and X-SVC-Signature (HMAC-SHA256 with your signing secret), and `Authorization: Bearer` with your token when you set one. The same payload is readable from GET /events/.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id, the same on every retry of the event: deduplicate on it. */
                    "X-SVC-Event-ID": string;
                    /** @description The event type, as webhook_event_type in GET /webhooks/event_types/. */
                    "X-SVC-Event-Type": "loan_settled_202611";
                    /** @description `sha256=` and the base64 HMAC-SHA256 of `{X-SVC-Timestamp}.{raw body}` keyed by your signing secret. */
                    "X-SVC-Signature": string;
                    /** @description Unix time in seconds when this delivery attempt started. */
                    "X-SVC-Timestamp": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "loan_id": "00000000-0000-4000-8000-000000000001",
                     *         "customer_id": "00000000-0000-4000-8000-000000000002",
                     *         "external_customer_id": "sample-customer-001",
                     *         "settled_on": "2026-07-01",
                     *         "amount_paid": 10650.36
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["LoanSettled202611Payload"];
                    };
                };
            };
            responses: {
                /** @description Any 2xx acknowledges the event; anything else (or no answer in time) is retried on the timetable. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    loan_withdrawn_202611: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * loan_withdrawn_202611
         * @description The customer gives notice of withdrawal from a regulated loan (Consumer Credit Act s.66A): they repay what they drew plus daily interest by repay_by. Sent as a POST with X-SVC-Event-ID, X-SVC-Event-Type, X-SVC-Timestamp and X-SVC-Signature (HMAC-SHA256 with your signing secret), and `Authorization: Bearer` with your token when you set one. The same payload is readable from GET /events/.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id, the same on every retry of the event: deduplicate on it. */
                    "X-SVC-Event-ID": string;
                    /** @description The event type, as webhook_event_type in GET /webhooks/event_types/. */
                    "X-SVC-Event-Type": "loan_withdrawn_202611";
                    /** @description `sha256=` and the base64 HMAC-SHA256 of `{X-SVC-Timestamp}.{raw body}` keyed by your signing secret. */
                    "X-SVC-Signature": string;
                    /** @description Unix time in seconds when this delivery attempt started. */
                    "X-SVC-Timestamp": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "loan_id": "00000000-0000-4000-8000-000000000001",
                     *         "customer_id": "00000000-0000-4000-8000-000000000002",
                     *         "external_customer_id": "sample-customer-001",
                     *         "notice_given_on": "2026-07-01",
                     *         "repay_by": "2026-07-31"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["LoanWithdrawn202611Payload"];
                    };
                };
            };
            responses: {
                /** @description Any 2xx acknowledges the event; anything else (or no answer in time) is retried on the timetable. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    prequalification_202505: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * prequalification_202505
         * @description A prequalification data file has been processed; holds a quote for each unique external_customer_id in the file. Sent as a POST with X-SVC-Event-ID, X-SVC-Event-Type, X-SVC-Timestamp and X-SVC-Signature (HMAC-SHA256 with your signing secret), and `Authorization: Bearer` with your token when you set one. The same payload is readable from GET /events/.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id, the same on every retry of the event: deduplicate on it. */
                    "X-SVC-Event-ID": string;
                    /** @description The event type, as webhook_event_type in GET /webhooks/event_types/. */
                    "X-SVC-Event-Type": "prequalification_202505";
                    /** @description `sha256=` and the base64 HMAC-SHA256 of `{X-SVC-Timestamp}.{raw body}` keyed by your signing secret. */
                    "X-SVC-Signature": string;
                    /** @description Unix time in seconds when this delivery attempt started. */
                    "X-SVC-Timestamp": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "prequalification_data_id": "00000000-0000-4000-8000-000000000001",
                     *         "quotes": [
                     *           {
                     *             "external_customer_id": "sample-customer-001",
                     *             "correlation_id": "00000000-0000-4000-8000-000000000002",
                     *             "prequalified": true,
                     *             "max_amount": 20000,
                     *             "monthly_interest_percentage": 3,
                     *             "fee_percentage": 0,
                     *             "duration_in_days": 365,
                     *             "expires_at": "2026-07-31T09:30:00.000Z",
                     *             "reason": null
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Prequalification202505Payload"];
                    };
                };
            };
            responses: {
                /** @description Any 2xx acknowledges the event; anything else (or no answer in time) is retried on the timetable. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    prequalification_data_file_processed_202510: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * prequalification_data_file_processed_202510
         * @description A prequalification data file has been processed; holds only prequalification_data_id, to pass to GET /prequalification_data. Sent as a POST with X-SVC-Event-ID, X-SVC-Event-Type, X-SVC-Timestamp and X-SVC-Signature (HMAC-SHA256 with your signing secret), and `Authorization: Bearer` with your token when you set one. The same payload is readable from GET /events/.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id, the same on every retry of the event: deduplicate on it. */
                    "X-SVC-Event-ID": string;
                    /** @description The event type, as webhook_event_type in GET /webhooks/event_types/. */
                    "X-SVC-Event-Type": "prequalification_data_file_processed_202510";
                    /** @description `sha256=` and the base64 HMAC-SHA256 of `{X-SVC-Timestamp}.{raw body}` keyed by your signing secret. */
                    "X-SVC-Signature": string;
                    /** @description Unix time in seconds when this delivery attempt started. */
                    "X-SVC-Timestamp": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "prequalification_data_id": "00000000-0000-4000-8000-000000000001"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["PrequalificationDataFileProcessed202510Payload"];
                    };
                };
            };
            responses: {
                /** @description Any 2xx acknowledges the event; anything else (or no answer in time) is retried on the timetable. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    test_clock_ready_202611: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * test_clock_ready_202611
         * @description Sandbox only: a test clock has played every day of its advance and is ready at frozen_on. Sent as a POST with X-SVC-Event-ID, X-SVC-Event-Type, X-SVC-Timestamp and X-SVC-Signature (HMAC-SHA256 with your signing secret), and `Authorization: Bearer` with your token when you set one. The same payload is readable from GET /events/.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id, the same on every retry of the event: deduplicate on it. */
                    "X-SVC-Event-ID": string;
                    /** @description The event type, as webhook_event_type in GET /webhooks/event_types/. */
                    "X-SVC-Event-Type": "test_clock_ready_202611";
                    /** @description `sha256=` and the base64 HMAC-SHA256 of `{X-SVC-Timestamp}.{raw body}` keyed by your signing secret. */
                    "X-SVC-Signature": string;
                    /** @description Unix time in seconds when this delivery attempt started. */
                    "X-SVC-Timestamp": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "test_clock_id": "00000000-0000-4000-8000-000000000001",
                     *         "frozen_on": "2026-07-01"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["TestClockReady202611Payload"];
                    };
                };
            };
            responses: {
                /** @description Any 2xx acknowledges the event; anything else (or no answer in time) is retried on the timetable. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        /** @description An application is created for a customer and attributed to you. */
        ApplicationAttributedPayload: {
            amount: number;
            /** Format: uuid */
            application_id: string;
            /** Format: date-time */
            attributed_at: string;
            /** Format: uuid */
            customer_id: string;
            /** @description The value sent at customer creation; present whenever the customer has one */
            external_customer_id?: string;
            is_topup: boolean;
        };
        /** @description An application is declined. */
        ApplicationDeclinedPayload: {
            /** Format: uuid */
            application_id: string;
            /**
             * Format: date
             * @description YYYY-MM-DD: the first day (London time) the customer can apply again
             */
            can_reapply_from: string;
            /** Format: uuid */
            customer_id: string;
            /** Format: date-time */
            declined_at: string;
            /** @description The value sent at customer creation; present whenever the customer has one */
            external_customer_id?: string;
        };
        /** @description An application is closed without an approve or decline decision. */
        ApplicationDeferredPayload: {
            /** Format: uuid */
            application_id: string;
            /** Format: uuid */
            customer_id: string;
            /** Format: date-time */
            deferred_at: string;
            /** @description The value sent at customer creation; present whenever the customer has one */
            external_customer_id?: string;
        };
        /** @description The customer receives a confirmed offer for an application. */
        ApplicationOfferedPayload: {
            /** Format: uuid */
            application_id: string;
            /** Format: uuid */
            customer_id: string;
            /** @description The value sent at customer creation; present whenever the customer has one */
            external_customer_id?: string;
            /** Format: date-time */
            offered_at: string;
            offers: {
                /** @description The annual percentage rate of charge (CONC App 1.2, docs/behaviour.md, section 23), percent to one decimal place (of the whole max_amount) */
                apr: number;
                duration_in_days: number;
                fee_percentage: number;
                max_amount: number;
                monthly_interest_percentage: number;
                /** Format: uuid */
                offer_id: string;
                /** @enum {string} */
                product_type: "flexi_loan" | "business_loan";
            }[];
        };
        /** @description The status of an application changes. */
        ApplicationStatusChangedPayload: {
            /** Format: uuid */
            application_id: string;
            /** Format: date-time */
            changed_at: string;
            /** Format: uuid */
            customer_id: string;
            /** @description The value sent at customer creation; present whenever the customer has one */
            external_customer_id?: string;
            /** @enum {string} */
            previous_status: "open" | "action_required" | "awaiting_underwriter" | "in_underwriting" | "offered" | "declined" | "deferred" | "expired" | "offer_revoked" | "funded";
            /** @enum {string} */
            status: "open" | "action_required" | "awaiting_underwriter" | "in_underwriting" | "offered" | "declined" | "deferred" | "expired" | "offer_revoked" | "funded";
        };
        /** @description A customer draws funds from an offer that originated from one of your applications. */
        CustomerFundedPayload: {
            /** @description null for a funding without an application */
            application_id: string | null;
            /** Format: uuid */
            customer_id: string;
            /** @description The value sent at customer creation; present whenever the customer has one */
            external_customer_id?: string;
            /** Format: date-time */
            funded_at: string;
            funding_amount: number;
            /** Format: uuid */
            funding_id: string;
            /** Format: uuid */
            offer_id: string;
        };
        /** Error envelope */
        ErrorEnvelope: {
            errors: {
                code: string;
                detail: string;
                meta?: {
                    [key: string]: unknown;
                };
                source?: {
                    parameter?: string;
                    pointer?: string;
                };
            }[];
        };
        /** @description An event: its payload (`data`) is exactly the webhook body's `data` */
        Event: {
            /** Format: date-time */
            created_at: string;
            data: components["schemas"]["ApplicationAttributedPayload"];
            /** Format: uuid */
            event_id: string;
            /** @enum {string} */
            webhook_event_type: "application_attributed";
        } | {
            /** Format: date-time */
            created_at: string;
            data: components["schemas"]["ApplicationOfferedPayload"];
            /** Format: uuid */
            event_id: string;
            /** @enum {string} */
            webhook_event_type: "application_offered";
        } | {
            /** Format: date-time */
            created_at: string;
            data: components["schemas"]["ApplicationDeclinedPayload"];
            /** Format: uuid */
            event_id: string;
            /** @enum {string} */
            webhook_event_type: "application_declined";
        } | {
            /** Format: date-time */
            created_at: string;
            data: components["schemas"]["ApplicationDeferredPayload"];
            /** Format: uuid */
            event_id: string;
            /** @enum {string} */
            webhook_event_type: "application_deferred";
        } | {
            /** Format: date-time */
            created_at: string;
            data: components["schemas"]["ApplicationStatusChangedPayload"];
            /** Format: uuid */
            event_id: string;
            /** @enum {string} */
            webhook_event_type: "application_status_changed";
        } | {
            /** Format: date-time */
            created_at: string;
            data: components["schemas"]["IndicativeOfferCreatedPayload"];
            /** Format: uuid */
            event_id: string;
            /** @enum {string} */
            webhook_event_type: "indicative_offer_created";
        } | {
            /** Format: date-time */
            created_at: string;
            data: components["schemas"]["CustomerFundedPayload"];
            /** Format: uuid */
            event_id: string;
            /** @enum {string} */
            webhook_event_type: "customer_funded";
        } | {
            /** Format: date-time */
            created_at: string;
            data: components["schemas"]["FundingCreated202607Payload"];
            /** Format: uuid */
            event_id: string;
            /** @enum {string} */
            webhook_event_type: "funding_created_202607";
        } | {
            /** Format: date-time */
            created_at: string;
            data: components["schemas"]["Prequalification202505Payload"];
            /** Format: uuid */
            event_id: string;
            /** @enum {string} */
            webhook_event_type: "prequalification_202505";
        } | {
            /** Format: date-time */
            created_at: string;
            data: components["schemas"]["PrequalificationDataFileProcessed202510Payload"];
            /** Format: uuid */
            event_id: string;
            /** @enum {string} */
            webhook_event_type: "prequalification_data_file_processed_202510";
        } | {
            /** Format: date-time */
            created_at: string;
            data: components["schemas"]["LoanRepaymentCollected202611Payload"];
            /** Format: uuid */
            event_id: string;
            /** @enum {string} */
            webhook_event_type: "loan_repayment_collected_202611";
        } | {
            /** Format: date-time */
            created_at: string;
            data: components["schemas"]["LoanRepaymentMissed202611Payload"];
            /** Format: uuid */
            event_id: string;
            /** @enum {string} */
            webhook_event_type: "loan_repayment_missed_202611";
        } | {
            /** Format: date-time */
            created_at: string;
            data: components["schemas"]["LoanSettled202611Payload"];
            /** Format: uuid */
            event_id: string;
            /** @enum {string} */
            webhook_event_type: "loan_settled_202611";
        } | {
            /** Format: date-time */
            created_at: string;
            data: components["schemas"]["LoanWithdrawn202611Payload"];
            /** Format: uuid */
            event_id: string;
            /** @enum {string} */
            webhook_event_type: "loan_withdrawn_202611";
        } | {
            /** Format: date-time */
            created_at: string;
            data: components["schemas"]["TestClockReady202611Payload"];
            /** Format: uuid */
            event_id: string;
            /** @enum {string} */
            webhook_event_type: "test_clock_ready_202611";
        };
        /** @description Funds are sent to a customer; carries the funding and the offer it was drawn from. */
        FundingCreated202607Payload: {
            /**
             * Format: uuid
             * @description Application the funding resulted from; omitted for fundings without one
             */
            application_id?: string;
            /** Format: uuid */
            customer_id: string;
            /** @description The value sent at customer creation; present whenever the customer has one */
            external_customer_id?: string;
            /** @description Amount transferred to the customer */
            funding_amount: number;
            /**
             * Format: date-time
             * @description When the customer initiated sending the funds
             */
            funding_created_at: string;
            /** @description Fee added to the loan for this funding */
            funding_fee_amount: number;
            /** Format: uuid */
            funding_id: string;
            /** @description Loan duration; the end date is that many days after the first funding; the same for every funding of the offer */
            offer_duration_in_days: number;
            /** @description Percentage of the amount added as fee */
            offer_fee_percentage: number;
            /** Format: uuid */
            offer_id: string;
            /** @description Maximum funding available from the offer */
            offer_max_amount: number;
            /** @description Monthly rate in percent (3.0 means 3% per month) */
            offer_monthly_interest_percentage: number;
        };
        /** @description An indicative offer is created for a customer. */
        IndicativeOfferCreatedPayload: {
            /** Format: uuid */
            application_id?: string;
            /** Format: date-time */
            created_at: string;
            /** Format: uuid */
            customer_id: string;
            duration_in_days: number;
            /** @description The value sent at customer creation; present whenever the customer has one */
            external_customer_id?: string;
            fee_percentage: number;
            max_amount: number;
            monthly_interest_percentage: number;
            /** Format: uuid */
            offer_id: string;
        };
        /** Loan */
        Loan: {
            /** @description GBP */
            amount: number;
            application_id: string | null;
            arrears: {
                /** @description GBP */
                amount: number;
                /** @description Days from the oldest missed repayment to today (London); 0 when none */
                days_past_due: number;
                oldest_due_date: string | null;
            };
            /** @description What remains of the schedule for the repayments not yet collected */
            balance: {
                /** @description GBP */
                fees: number;
                /** @description GBP */
                interest: number;
                /** @description GBP */
                principal: number;
                /** @description GBP */
                total: number;
            };
            /** Format: uuid */
            customer_id: string;
            /**
             * Format: date
             * @description YYYY-MM-DD
             */
            funded_on: string;
            /** Format: uuid */
            loan_id: string;
            next_repayment: {
                /** @description GBP */
                amount: number;
                /**
                 * Format: date
                 * @description YYYY-MM-DD
                 */
                date: string;
            } | null;
            /** Format: uuid */
            offer_id: string;
            repayments: {
                /** @description GBP */
                amount: number;
                breakdown: {
                    /** @description GBP */
                    fees: number;
                    /** @description GBP */
                    interest: number;
                    /** @description GBP */
                    principal: number;
                };
                /**
                 * Format: date
                 * @description YYYY-MM-DD
                 */
                collected_on?: string;
                /**
                 * Format: date
                 * @description YYYY-MM-DD
                 */
                date: string;
                /** @enum {string} */
                status: "scheduled" | "collected" | "missed";
            }[];
            /** @enum {string} */
            status: "active" | "in_arrears" | "settled" | "withdrawn";
            /** @description The notice of withdrawal from a regulated loan (Consumer Credit Act s.66A), or null */
            withdrawal: {
                /** @description GBP: what the customer repays today (the amount drawn plus daily interest at the monthly rate × 12 ÷ 365 from the drawdown, less what was already collected; no fee); once repaid, the amount paid */
                amount: number;
                /**
                 * Format: date
                 * @description YYYY-MM-DD
                 */
                notice_given_on: string;
                /**
                 * Format: date
                 * @description YYYY-MM-DD
                 */
                repay_by: string;
            } | null;
        };
        /** @description A loan's repayment is collected (on its date, or late after a missed collection). */
        LoanRepaymentCollected202611Payload: {
            /** @description The repayment scheduled for due_date */
            amount: number;
            /** @description What remains to be repaid once this outcome is recorded (the loan balance total) */
            balance_after: number;
            /** Format: uuid */
            customer_id: string;
            /** @description Days from the oldest missed repayment to today, 0 when none is missed */
            days_past_due: number;
            /**
             * Format: date
             * @description YYYY-MM-DD
             */
            due_date: string;
            /** @description The value sent at customer creation; present whenever the customer has one */
            external_customer_id?: string;
            /** Format: uuid */
            loan_id: string;
        };
        /** @description A loan's repayment could not be collected on its date: the loan is in arrears. */
        LoanRepaymentMissed202611Payload: {
            /** @description The repayment scheduled for due_date */
            amount: number;
            /** @description What remains to be repaid once this outcome is recorded (the loan balance total) */
            balance_after: number;
            /** Format: uuid */
            customer_id: string;
            /** @description Days from the oldest missed repayment to today, 0 when none is missed */
            days_past_due: number;
            /**
             * Format: date
             * @description YYYY-MM-DD
             */
            due_date: string;
            /** @description The value sent at customer creation; present whenever the customer has one */
            external_customer_id?: string;
            /** Format: uuid */
            loan_id: string;
        };
        /** @description A loan is repaid in full: its last repayment collected, or settled early for the settlement figure. */
        LoanSettled202611Payload: {
            /** @description The settlement figure paid when the loan is settled early; when it ran its term, the last repayment (the one collected last) */
            amount_paid: number;
            /** Format: uuid */
            customer_id: string;
            /** @description The value sent at customer creation; present whenever the customer has one */
            external_customer_id?: string;
            /** Format: uuid */
            loan_id: string;
            /**
             * Format: date
             * @description YYYY-MM-DD
             */
            settled_on: string;
        };
        /** @description The customer gives notice of withdrawal from a regulated loan (Consumer Credit Act s.66A): they repay what they drew plus daily interest by repay_by. */
        LoanWithdrawn202611Payload: {
            /** Format: uuid */
            customer_id: string;
            /** @description The value sent at customer creation; present whenever the customer has one */
            external_customer_id?: string;
            /** Format: uuid */
            loan_id: string;
            /**
             * Format: date
             * @description YYYY-MM-DD
             */
            notice_given_on: string;
            /**
             * Format: date
             * @description YYYY-MM-DD
             */
            repay_by: string;
        };
        /** @description A prequalification data file has been processed; holds a quote for each unique external_customer_id in the file. */
        Prequalification202505Payload: {
            /** Format: uuid */
            prequalification_data_id: string;
            /** @description One quote for each unique external_customer_id of the file, as GET /prequalification_data answers them */
            quotes: {
                /** Format: uuid */
                correlation_id: string;
                duration_in_days: number | null;
                expires_at: string | null;
                external_customer_id: string;
                fee_percentage: number | null;
                max_amount: number | null;
                monthly_interest_percentage: number | null;
                prequalified: boolean;
                /** @description Why the customer is not prequalified; null when prequalified */
                reason: string | null;
            }[];
        };
        /** @description A prequalification data file has been processed; holds only prequalification_data_id, to pass to GET /prequalification_data. */
        PrequalificationDataFileProcessed202510Payload: {
            /** Format: uuid */
            prequalification_data_id: string;
        };
        /** Settlement quote */
        SettlementQuote: {
            /** @description GBP: principal + interest + fees + arrears - rebate */
            amount: number;
            breakdown: {
                /** @description GBP: the missed repayments */
                arrears: number;
                /** @description GBP */
                fees: number;
                /** @description GBP */
                interest: number;
                /** @description GBP */
                principal: number;
                /** @description GBP: what the Consumer Credit (Early Settlement) Regulations 2004 take off a regulated loan: the part of principal + interest + fees + arrears above the regulation 4 amount (the amount drawn less the repayments made, carried to the settlement date at the APR); 0 otherwise */
                rebate: number;
            };
            /**
             * Format: date
             * @description YYYY-MM-DD
             */
            on: string;
            /**
             * Format: date
             * @description YYYY-MM-DD
             */
            valid_until: string;
        };
        /** Test clock */
        TestClock: {
            /** Format: date-time */
            created_at: string;
            /** @description Customers put on the clock (at most 100) */
            customer_count: number;
            /**
             * Format: date
             * @description YYYY-MM-DD: the clock's date, today for its customers (while it advances, the last day played)
             */
            frozen_on: string;
            name: string | null;
            /**
             * @description `advancing` while the worker plays the days of an advance
             * @enum {string}
             */
            status: "ready" | "advancing";
            /** Format: uuid */
            test_clock_id: string;
        };
        /** @description Sandbox only: a test clock has played every day of its advance and is ready at frozen_on. */
        TestClockReady202611Payload: {
            /**
             * Format: date
             * @description YYYY-MM-DD: the date the clock is now on, the `to` of its advance
             */
            frozen_on: string;
            /** Format: uuid */
            test_clock_id: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listOffers: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                application_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "offer_creation_status": "offers_available",
                     *         "offers": [
                     *           {
                     *             "offer_id": "ee96144e-ab9b-4ea6-aa9d-78e722fcb400",
                     *             "offer_type": "confirmed",
                     *             "product_type": "flexi_loan",
                     *             "max_amount": 50000,
                     *             "monthly_interest_percentage": 3,
                     *             "fee_percentage": 0,
                     *             "duration": {
                     *               "amount": 365,
                     *               "unit": "days"
                     *             },
                     *             "duration_in_days": 365,
                     *             "is_suggested": true,
                     *             "status": "available",
                     *             "expires_at": "2026-07-31T09:30:00.000Z",
                     *             "data_requirements": [],
                     *             "apr": 42.6
                     *           },
                     *           {
                     *             "offer_id": "9efb28fb-610d-4274-8266-b80606f9d359",
                     *             "offer_type": "confirmed",
                     *             "product_type": "business_loan",
                     *             "max_amount": 50000,
                     *             "monthly_interest_percentage": 2.5,
                     *             "fee_percentage": 2.5,
                     *             "duration": {
                     *               "amount": 730,
                     *               "unit": "days"
                     *             },
                     *             "duration_in_days": 730,
                     *             "is_suggested": false,
                     *             "status": "available",
                     *             "expires_at": "2026-07-31T09:30:00.000Z",
                     *             "data_requirements": [],
                     *             "apr": 38.4
                     *           }
                     *         ],
                     *         "data_requirements": []
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            /** @description What the decision is waiting for when offer_creation_status is action_required (our addition). */
                            data_requirements: {
                                actions: {
                                    name: string;
                                }[];
                                category: string;
                            }[];
                            /** @enum {string} */
                            offer_creation_status: "offers_available" | "action_required" | "pending_underwriting" | "no_offers";
                            offers: {
                                /** @description The annual percentage rate of charge (CONC App 1.2, docs/behaviour.md, section 23), percent to one decimal place, of the whole max_amount; on confirmed offers only */
                                apr?: number;
                                data_requirements: {
                                    actions: {
                                        name: string;
                                    }[];
                                    category: string;
                                }[];
                                duration: {
                                    amount: number;
                                    /** @enum {string} */
                                    unit: "days";
                                };
                                duration_in_days: number;
                                /** Format: date-time */
                                expires_at: string;
                                fee_percentage: number;
                                is_suggested: boolean;
                                max_amount: number;
                                monthly_interest_percentage: number;
                                /** Format: uuid */
                                offer_id: string;
                                /** @enum {string} */
                                offer_type: "indicative" | "confirmed";
                                /** @enum {string} */
                                product_type: "flexi_loan" | "business_loan";
                                /** @enum {string} */
                                status: "available" | "selected" | "funded" | "expired" | "revoked";
                            }[];
                        };
                    };
                };
            };
            /** @description Bad request: validation or domain error (source points at the problem) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ValidationError",
                     *           "detail": "company_number must be at most 50 characters",
                     *           "source": {
                     *             "pointer": "/data/company/company_number"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description AuthenticationFailed: missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "AuthenticationFailed",
                     *           "detail": "the token is unknown or revoked"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PermissionDenied: read-only token, sandbox route with a production token, or suspended partner */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "PermissionDenied",
                     *           "detail": "this token lacks the write scope"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NotFound: no such resource for this partner and environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "NotFound",
                     *           "detail": "customer not found"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NotAcceptable: Accept does not admit application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "NotAcceptable",
                     *           "detail": "Accept must admit application/json"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Throttled: too many requests for this token; Retry-After gives the seconds to wait */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "Throttled",
                     *           "detail": "too many requests: at most 600 a minute; retry in 12 s"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description ServerError: an unexpected failure of ours; meta.request_id names it in our logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ServerError",
                     *           "detail": "an unexpected error occurred",
                     *           "meta": {
                     *             "request_id": "4f6c1a2e-8d3b-4b7a-9c1e-2f5d6a7b8c9d"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    authenticationCheck: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "version": "v2.2",
                     *       "data": {
                     *         "api_version": "2.2.0",
                     *         "environment": "sandbox",
                     *         "partner_id": "33e73c7e-93d2-49af-aa46-d1abde6f05f1"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            api_version: string;
                            environment: string;
                            partner_id: string;
                        };
                        version: string;
                    };
                };
            };
            /** @description Bad request: validation or domain error (source points at the problem) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ValidationError",
                     *           "detail": "company_number must be at most 50 characters",
                     *           "source": {
                     *             "pointer": "/data/company/company_number"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description AuthenticationFailed: missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "AuthenticationFailed",
                     *           "detail": "the token is unknown or revoked"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PermissionDenied: read-only token, sandbox route with a production token, or suspended partner */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "PermissionDenied",
                     *           "detail": "this token lacks the write scope"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NotAcceptable: Accept does not admit application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "NotAcceptable",
                     *           "detail": "Accept must admit application/json"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Throttled: too many requests for this token; Retry-After gives the seconds to wait */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "Throttled",
                     *           "detail": "too many requests: at most 600 a minute; retry in 12 s"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description ServerError: an unexpected failure of ours; meta.request_id names it in our logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ServerError",
                     *           "detail": "an unexpected error occurred",
                     *           "meta": {
                     *             "request_id": "4f6c1a2e-8d3b-4b7a-9c1e-2f5d6a7b8c9d"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    submitBankStatements: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: a repeat with the same key, method, path and body answers the first answer (Idempotent-Replayed: true) without doing it again, for 24 hours. */
                "idempotency-key"?: string;
            };
            path: {
                customer_id: string;
            };
            cookie?: never;
        };
        /** @description The open-banking statement: accountInfo and transactions */
        requestBody: {
            content: {
                "application/json": {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "document_id": "c1d2e3f4-5a6b-4c7d-8e9f-0a1b2c3d4e5f",
                     *         "document_name": "bank-statement.json",
                     *         "document_type": "bank statement",
                     *         "upload_date": "2026-07-01T09:30:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            /** Format: uuid */
                            document_id: string;
                            document_name: string;
                            /** @enum {string} */
                            document_type: "bank statement" | "business accounts" | "vat return" | "invoices" | "personal id" | "customer broker consent" | "balance sheet" | "profit and loss" | "company bylaws" | "nif card" | "modelo" | "management accounts" | "aged debtor report" | "business plan" | "self assessment tax return" | "personal bank statement" | "other" | "cash register" | "cashflow forecast" | "outstanding debt information" | "list of shareholders" | "cbils questionnaire";
                            /** Format: date-time */
                            upload_date: string;
                        };
                    };
                };
            };
            /** @description Bad request: validation or domain error (source points at the problem) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ValidationError",
                     *           "detail": "company_number must be at most 50 characters",
                     *           "source": {
                     *             "pointer": "/data/company/company_number"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description AuthenticationFailed: missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "AuthenticationFailed",
                     *           "detail": "the token is unknown or revoked"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PermissionDenied: read-only token, sandbox route with a production token, or suspended partner */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "PermissionDenied",
                     *           "detail": "this token lacks the write scope"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NotFound: no such resource for this partner and environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "NotFound",
                     *           "detail": "customer not found"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NotAcceptable: Accept does not admit application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "NotAcceptable",
                     *           "detail": "Accept must admit application/json"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict: the code says which */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "DuplicateCustomer",
                     *           "detail": "a customer with this external_customer_id already exists"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PayloadTooLarge */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "PayloadTooLarge",
                     *           "detail": "the request body is larger than allowed"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UnsupportedMediaType */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "UnsupportedMediaType",
                     *           "detail": "Content-Type must be application/json"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description IdempotencyKeyReused: the key was used with another method, path or body */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "IdempotencyKeyReused",
                     *           "detail": "this Idempotency-Key was used with another method, path or body; use a new key for a new request",
                     *           "source": {
                     *             "parameter": "Idempotency-Key"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Throttled: too many requests for this token; Retry-After gives the seconds to wait */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "Throttled",
                     *           "detail": "too many requests: at most 600 a minute; retry in 12 s"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description ServerError: an unexpected failure of ours; meta.request_id names it in our logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ServerError",
                     *           "detail": "an unexpected error occurred",
                     *           "meta": {
                     *             "request_id": "4f6c1a2e-8d3b-4b7a-9c1e-2f5d6a7b8c9d"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createCustomer: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: a repeat with the same key, method, path and body answers the first answer (Idempotent-Replayed: true) without doing it again, for 24 hours. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "data": {
                 *         "external_customer_id": "crm-1042",
                 *         "company": {
                 *           "registered_company_name": "Acme Widgets Ltd",
                 *           "company_number": "01234567",
                 *           "type": "limited_liability_company",
                 *           "trading_from_date": "2019-03-01",
                 *           "last_12_months_turnover": {
                 *             "amount": 250000,
                 *             "valid_from": "2026-01-01T00:00:00Z"
                 *           }
                 *         },
                 *         "people": [
                 *           {
                 *             "first_name": "Ada",
                 *             "last_name": "Lovelace",
                 *             "date_of_birth": "1980-12-10",
                 *             "roles": [
                 *               "applicant",
                 *               "director",
                 *               "guarantor"
                 *             ],
                 *             "emails": [
                 *               {
                 *                 "email": "ada@example.com",
                 *                 "type": "primary"
                 *               }
                 *             ]
                 *           }
                 *         ]
                 *       }
                 *     }
                 */
                "application/json": {
                    data: {
                        company: {
                            company_number?: string;
                            has_card_based_transactions?: boolean;
                            industry?: string;
                            last_12_months_profit?: {
                                amount?: number;
                                /** Format: date-time */
                                valid_from?: string;
                            };
                            last_12_months_turnover?: {
                                amount?: number;
                                /** Format: date-time */
                                valid_from?: string;
                            };
                            number_of_employees?: number;
                            online_sales_percentage?: number;
                            overdraft_status?: {
                                has_overdraft?: boolean;
                                total_overdraft_limit?: number;
                            };
                            registered_address?: {
                                building_number?: string;
                                /** @enum {string} */
                                country?: "GB" | "DE" | "OTHER";
                                postcode?: string;
                                street_line_1?: string;
                                street_line_2?: string;
                                town?: string;
                            };
                            registered_company_name?: string;
                            third_party_providers?: {
                                name: string;
                                /** @enum {string} */
                                type: "ecommerce" | "software" | "bank";
                            }[];
                            trading_address?: {
                                building_number?: string;
                                /** @enum {string} */
                                country?: "GB" | "DE" | "OTHER";
                                postcode?: string;
                                street_line_1?: string;
                                street_line_2?: string;
                                town?: string;
                            };
                            /**
                             * Format: date
                             * @description YYYY-MM-DD
                             */
                            trading_from_date?: string;
                            trading_name?: string;
                            /** @enum {string} */
                            type?: "limited_liability_company" | "sole_trader" | "ordinary_partnership" | "limited_liability_partnership" | "public_limited_company" | "other";
                            vat_status?: {
                                is_vat_registered?: boolean;
                                registered_over_3_months?: boolean;
                                vat_number?: string;
                            };
                            website?: string;
                        };
                        /** Format: uuid */
                        correlation_id?: string;
                        external_customer_id?: string;
                        people: {
                            /**
                             * Format: date
                             * @description YYYY-MM-DD
                             */
                            date_of_birth?: string;
                            emails?: {
                                /** Format: email */
                                email: string;
                                marketing_opt_in?: {
                                    agreed?: boolean;
                                    /** Format: date-time */
                                    valid_from?: string;
                                };
                                /** @enum {string} */
                                type?: "primary" | "secondary";
                            }[];
                            first_name?: string;
                            how_did_you_find_us?: {
                                /** @enum {string} */
                                answer?: "letter" | "search_engine" | "friend_or_press" | "advisor" | "email" | "online_advert" | "phone_call" | "no_answer" | "train_or_bus_ad" | "radio";
                                details?: string;
                            };
                            last_name?: string;
                            monthly_business_income?: {
                                amount?: number;
                                /** Format: date-time */
                                valid_from?: string;
                            };
                            monthly_non_business_income?: {
                                amount?: number;
                                /** Format: date-time */
                                valid_from?: string;
                            };
                            phones?: {
                                number: string;
                                type?: string;
                            }[];
                            privacy_policy?: {
                                agreed?: boolean;
                                /** Format: date-time */
                                valid_from?: string;
                            };
                            residential_addresses?: {
                                /** @enum {string} */
                                country?: "GB" | "DE" | "OTHER";
                                /**
                                 * Format: date
                                 * @description YYYY-MM-DD
                                 */
                                date_from?: string;
                                house_number?: string;
                                postcode?: string;
                                residential_status?: string;
                                street_line_1?: string;
                                street_line_2?: string;
                                town?: string;
                            }[];
                            roles?: ("applicant" | "director" | "guarantor" | "shareholder")[];
                            title?: string;
                            /** Format: uuid */
                            uid?: string;
                        }[];
                        /**
                         * Format: uuid
                         * @description Sandbox only: the test clock the customer is put on at creation (docs/behaviour.md, section 28); a PUT may repeat it, never change it
                         */
                        test_clock_id?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "customer_id": "3ada20af-1217-4192-883b-39fdda4b9110"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            /** Format: uuid */
                            customer_id: string;
                        };
                    };
                };
            };
            /** @description Bad request: validation or domain error (source points at the problem) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ValidationError",
                     *           "detail": "company_number must be at most 50 characters",
                     *           "source": {
                     *             "pointer": "/data/company/company_number"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description AuthenticationFailed: missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "AuthenticationFailed",
                     *           "detail": "the token is unknown or revoked"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PermissionDenied: read-only token, sandbox route with a production token, or suspended partner */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "PermissionDenied",
                     *           "detail": "this token lacks the write scope"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NotFound: no such resource for this partner and environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "NotFound",
                     *           "detail": "customer not found"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NotAcceptable: Accept does not admit application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "NotAcceptable",
                     *           "detail": "Accept must admit application/json"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict: the code says which */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "DuplicateCustomer",
                     *           "detail": "a customer with this external_customer_id already exists"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PayloadTooLarge */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "PayloadTooLarge",
                     *           "detail": "the request body is larger than allowed"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UnsupportedMediaType */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "UnsupportedMediaType",
                     *           "detail": "Content-Type must be application/json"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description IdempotencyKeyReused: the key was used with another method, path or body */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "IdempotencyKeyReused",
                     *           "detail": "this Idempotency-Key was used with another method, path or body; use a new key for a new request",
                     *           "source": {
                     *             "parameter": "Idempotency-Key"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Throttled: too many requests for this token; Retry-After gives the seconds to wait */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "Throttled",
                     *           "detail": "too many requests: at most 600 a minute; retry in 12 s"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description ServerError: an unexpected failure of ours; meta.request_id names it in our logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ServerError",
                     *           "detail": "an unexpected error occurred",
                     *           "meta": {
                     *             "request_id": "4f6c1a2e-8d3b-4b7a-9c1e-2f5d6a7b8c9d"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getCustomer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                customer_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "customer_id": "3ada20af-1217-4192-883b-39fdda4b9110",
                     *         "external_customer_id": "crm-1042",
                     *         "correlation_id": null,
                     *         "company": {
                     *           "registered_company_name": "Acme Widgets Ltd",
                     *           "company_number": "01234567",
                     *           "type": "limited_liability_company",
                     *           "trading_from_date": "2019-03-01",
                     *           "last_12_months_turnover": {
                     *             "amount": 250000,
                     *             "valid_from": "2026-01-01T00:00:00Z"
                     *           }
                     *         },
                     *         "people": [
                     *           {
                     *             "first_name": "Ada",
                     *             "last_name": "Lovelace",
                     *             "date_of_birth": "1980-12-10",
                     *             "roles": [
                     *               "applicant",
                     *               "director",
                     *               "guarantor"
                     *             ],
                     *             "emails": [
                     *               {
                     *                 "email": "ada@example.com",
                     *                 "type": "primary"
                     *               }
                     *             ]
                     *           }
                     *         ],
                     *         "test_clock_id": null,
                     *         "created_at": "2026-07-01T09:30:00.000Z",
                     *         "updated_at": "2026-07-01T09:30:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            company: {
                                [key: string]: unknown;
                            };
                            correlation_id: string | null;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: uuid */
                            customer_id: string;
                            external_customer_id: string | null;
                            people: {
                                [key: string]: unknown;
                            }[];
                            /** @description The sandbox test clock the customer is on, or null */
                            test_clock_id: string | null;
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
            };
            /** @description Bad request: validation or domain error (source points at the problem) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ValidationError",
                     *           "detail": "company_number must be at most 50 characters",
                     *           "source": {
                     *             "pointer": "/data/company/company_number"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description AuthenticationFailed: missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "AuthenticationFailed",
                     *           "detail": "the token is unknown or revoked"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PermissionDenied: read-only token, sandbox route with a production token, or suspended partner */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "PermissionDenied",
                     *           "detail": "this token lacks the write scope"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NotFound: no such resource for this partner and environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "NotFound",
                     *           "detail": "customer not found"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NotAcceptable: Accept does not admit application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "NotAcceptable",
                     *           "detail": "Accept must admit application/json"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Throttled: too many requests for this token; Retry-After gives the seconds to wait */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "Throttled",
                     *           "detail": "too many requests: at most 600 a minute; retry in 12 s"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description ServerError: an unexpected failure of ours; meta.request_id names it in our logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ServerError",
                     *           "detail": "an unexpected error occurred",
                     *           "meta": {
                     *             "request_id": "4f6c1a2e-8d3b-4b7a-9c1e-2f5d6a7b8c9d"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    updateCustomer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                customer_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "data": {
                 *         "external_customer_id": "crm-1042",
                 *         "company": {
                 *           "registered_company_name": "Acme Widgets Ltd",
                 *           "company_number": "01234567",
                 *           "type": "limited_liability_company",
                 *           "trading_from_date": "2019-03-01",
                 *           "last_12_months_turnover": {
                 *             "amount": 250000,
                 *             "valid_from": "2026-01-01T00:00:00Z"
                 *           }
                 *         },
                 *         "people": [
                 *           {
                 *             "first_name": "Ada",
                 *             "last_name": "Lovelace",
                 *             "date_of_birth": "1980-12-10",
                 *             "roles": [
                 *               "applicant",
                 *               "director",
                 *               "guarantor"
                 *             ],
                 *             "emails": [
                 *               {
                 *                 "email": "ada@example.com",
                 *                 "type": "primary"
                 *               }
                 *             ]
                 *           }
                 *         ]
                 *       }
                 *     }
                 */
                "application/json": {
                    data: {
                        company: {
                            company_number?: string;
                            has_card_based_transactions?: boolean;
                            industry?: string;
                            last_12_months_profit?: {
                                amount?: number;
                                /** Format: date-time */
                                valid_from?: string;
                            };
                            last_12_months_turnover?: {
                                amount?: number;
                                /** Format: date-time */
                                valid_from?: string;
                            };
                            number_of_employees?: number;
                            online_sales_percentage?: number;
                            overdraft_status?: {
                                has_overdraft?: boolean;
                                total_overdraft_limit?: number;
                            };
                            registered_address?: {
                                building_number?: string;
                                /** @enum {string} */
                                country?: "GB" | "DE" | "OTHER";
                                postcode?: string;
                                street_line_1?: string;
                                street_line_2?: string;
                                town?: string;
                            };
                            registered_company_name?: string;
                            third_party_providers?: {
                                name: string;
                                /** @enum {string} */
                                type: "ecommerce" | "software" | "bank";
                            }[];
                            trading_address?: {
                                building_number?: string;
                                /** @enum {string} */
                                country?: "GB" | "DE" | "OTHER";
                                postcode?: string;
                                street_line_1?: string;
                                street_line_2?: string;
                                town?: string;
                            };
                            /**
                             * Format: date
                             * @description YYYY-MM-DD
                             */
                            trading_from_date?: string;
                            trading_name?: string;
                            /** @enum {string} */
                            type?: "limited_liability_company" | "sole_trader" | "ordinary_partnership" | "limited_liability_partnership" | "public_limited_company" | "other";
                            vat_status?: {
                                is_vat_registered?: boolean;
                                registered_over_3_months?: boolean;
                                vat_number?: string;
                            };
                            website?: string;
                        };
                        /** Format: uuid */
                        correlation_id?: string;
                        external_customer_id?: string;
                        people: {
                            /**
                             * Format: date
                             * @description YYYY-MM-DD
                             */
                            date_of_birth?: string;
                            emails?: {
                                /** Format: email */
                                email: string;
                                marketing_opt_in?: {
                                    agreed?: boolean;
                                    /** Format: date-time */
                                    valid_from?: string;
                                };
                                /** @enum {string} */
                                type?: "primary" | "secondary";
                            }[];
                            first_name?: string;
                            how_did_you_find_us?: {
                                /** @enum {string} */
                                answer?: "letter" | "search_engine" | "friend_or_press" | "advisor" | "email" | "online_advert" | "phone_call" | "no_answer" | "train_or_bus_ad" | "radio";
                                details?: string;
                            };
                            last_name?: string;
                            monthly_business_income?: {
                                amount?: number;
                                /** Format: date-time */
                                valid_from?: string;
                            };
                            monthly_non_business_income?: {
                                amount?: number;
                                /** Format: date-time */
                                valid_from?: string;
                            };
                            phones?: {
                                number: string;
                                type?: string;
                            }[];
                            privacy_policy?: {
                                agreed?: boolean;
                                /** Format: date-time */
                                valid_from?: string;
                            };
                            residential_addresses?: {
                                /** @enum {string} */
                                country?: "GB" | "DE" | "OTHER";
                                /**
                                 * Format: date
                                 * @description YYYY-MM-DD
                                 */
                                date_from?: string;
                                house_number?: string;
                                postcode?: string;
                                residential_status?: string;
                                street_line_1?: string;
                                street_line_2?: string;
                                town?: string;
                            }[];
                            roles?: ("applicant" | "director" | "guarantor" | "shareholder")[];
                            title?: string;
                            /** Format: uuid */
                            uid?: string;
                        }[];
                        /**
                         * Format: uuid
                         * @description Sandbox only: the test clock the customer is put on at creation (docs/behaviour.md, section 28); a PUT may repeat it, never change it
                         */
                        test_clock_id?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "customer_id": "3ada20af-1217-4192-883b-39fdda4b9110",
                     *         "external_customer_id": "crm-1042",
                     *         "correlation_id": null,
                     *         "company": {
                     *           "registered_company_name": "Acme Widgets Ltd",
                     *           "company_number": "01234567",
                     *           "type": "limited_liability_company",
                     *           "trading_from_date": "2019-03-01",
                     *           "last_12_months_turnover": {
                     *             "amount": 250000,
                     *             "valid_from": "2026-01-01T00:00:00Z"
                     *           }
                     *         },
                     *         "people": [
                     *           {
                     *             "first_name": "Ada",
                     *             "last_name": "Lovelace",
                     *             "date_of_birth": "1980-12-10",
                     *             "roles": [
                     *               "applicant",
                     *               "director",
                     *               "guarantor"
                     *             ],
                     *             "emails": [
                     *               {
                     *                 "email": "ada@example.com",
                     *                 "type": "primary"
                     *               }
                     *             ]
                     *           }
                     *         ],
                     *         "test_clock_id": null,
                     *         "created_at": "2026-07-01T09:30:00.000Z",
                     *         "updated_at": "2026-07-01T09:30:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            company: {
                                [key: string]: unknown;
                            };
                            correlation_id: string | null;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: uuid */
                            customer_id: string;
                            external_customer_id: string | null;
                            people: {
                                [key: string]: unknown;
                            }[];
                            /** @description The sandbox test clock the customer is on, or null */
                            test_clock_id: string | null;
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
            };
            /** @description Bad request: validation or domain error (source points at the problem) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ValidationError",
                     *           "detail": "company_number must be at most 50 characters",
                     *           "source": {
                     *             "pointer": "/data/company/company_number"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description AuthenticationFailed: missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "AuthenticationFailed",
                     *           "detail": "the token is unknown or revoked"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PermissionDenied: read-only token, sandbox route with a production token, or suspended partner */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "PermissionDenied",
                     *           "detail": "this token lacks the write scope"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NotFound: no such resource for this partner and environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "NotFound",
                     *           "detail": "customer not found"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NotAcceptable: Accept does not admit application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "NotAcceptable",
                     *           "detail": "Accept must admit application/json"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict: the code says which */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "DuplicateCustomer",
                     *           "detail": "a customer with this external_customer_id already exists"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PayloadTooLarge */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "PayloadTooLarge",
                     *           "detail": "the request body is larger than allowed"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UnsupportedMediaType */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "UnsupportedMediaType",
                     *           "detail": "Content-Type must be application/json"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Throttled: too many requests for this token; Retry-After gives the seconds to wait */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "Throttled",
                     *           "detail": "too many requests: at most 600 a minute; retry in 12 s"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description ServerError: an unexpected failure of ours; meta.request_id names it in our logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ServerError",
                     *           "detail": "an unexpected error occurred",
                     *           "meta": {
                     *             "request_id": "4f6c1a2e-8d3b-4b7a-9c1e-2f5d6a7b8c9d"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createApplication: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: a repeat with the same key, method, path and body answers the first answer (Idempotent-Replayed: true) without doing it again, for 24 hours. */
                "idempotency-key"?: string;
            };
            path: {
                customer_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "data": {
                 *         "amount": 25000,
                 *         "requests": [
                 *           {
                 *             "amount": 25000,
                 *             "duration": {
                 *               "amount": 12,
                 *               "unit": "months"
                 *             },
                 *             "purpose": "stock",
                 *             "urgency": "weeks"
                 *           }
                 *         ]
                 *       }
                 *     }
                 */
                "application/json": {
                    data: {
                        amount: number;
                        introducer?: {
                            /** @enum {string} */
                            entity_to_contact?: "customer" | "introducer";
                            /** Format: uuid */
                            introducer_id?: string;
                        };
                        requests?: {
                            amount: number;
                            detailed_purpose?: string;
                            duration?: {
                                /** @description A whole number of the unit */
                                amount: number;
                                /** @enum {string} */
                                unit: "days" | "weeks" | "months";
                            };
                            purpose?: string;
                            /** @enum {string} */
                            urgency?: "asap" | "weeks" | "future";
                        }[];
                    };
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "application_id": "3a918145-5048-48f1-aaa0-586edeedc09f",
                     *         "customer_id": "3ada20af-1217-4192-883b-39fdda4b9110",
                     *         "status": "open",
                     *         "is_closed": false,
                     *         "is_topup": false,
                     *         "amount": 25000,
                     *         "requests": [
                     *           {
                     *             "amount": 25000,
                     *             "duration": {
                     *               "amount": 12,
                     *               "unit": "months"
                     *             },
                     *             "purpose": "stock",
                     *             "urgency": "weeks"
                     *           }
                     *         ],
                     *         "introducer": {
                     *           "entity_to_contact": "customer",
                     *           "introducer_id": null
                     *         },
                     *         "created_at": "2026-07-01T09:30:00.000Z",
                     *         "updated_at": "2026-07-01T09:30:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            amount: number;
                            /** Format: uuid */
                            application_id: string;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: uuid */
                            customer_id: string;
                            introducer: {
                                /** @enum {string} */
                                entity_to_contact: "customer" | "introducer";
                                introducer_id: string | null;
                            };
                            is_closed: boolean;
                            is_topup: boolean;
                            requests: {
                                amount: number;
                                detailed_purpose?: string;
                                duration?: {
                                    amount: number;
                                    unit: string;
                                };
                                purpose?: string;
                                urgency?: string;
                            }[];
                            /** @enum {string} */
                            status: "open" | "action_required" | "awaiting_underwriter" | "in_underwriting" | "offered" | "declined" | "deferred" | "expired" | "offer_revoked" | "funded";
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
            };
            /** @description Bad request: validation or domain error (source points at the problem) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ValidationError",
                     *           "detail": "company_number must be at most 50 characters",
                     *           "source": {
                     *             "pointer": "/data/company/company_number"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description AuthenticationFailed: missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "AuthenticationFailed",
                     *           "detail": "the token is unknown or revoked"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PermissionDenied: read-only token, sandbox route with a production token, or suspended partner */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "PermissionDenied",
                     *           "detail": "this token lacks the write scope"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NotFound: no such resource for this partner and environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "NotFound",
                     *           "detail": "customer not found"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NotAcceptable: Accept does not admit application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "NotAcceptable",
                     *           "detail": "Accept must admit application/json"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict: the code says which */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "DuplicateCustomer",
                     *           "detail": "a customer with this external_customer_id already exists"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PayloadTooLarge */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "PayloadTooLarge",
                     *           "detail": "the request body is larger than allowed"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UnsupportedMediaType */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "UnsupportedMediaType",
                     *           "detail": "Content-Type must be application/json"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description IdempotencyKeyReused: the key was used with another method, path or body */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "IdempotencyKeyReused",
                     *           "detail": "this Idempotency-Key was used with another method, path or body; use a new key for a new request",
                     *           "source": {
                     *             "parameter": "Idempotency-Key"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Throttled: too many requests for this token; Retry-After gives the seconds to wait */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "Throttled",
                     *           "detail": "too many requests: at most 600 a minute; retry in 12 s"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description ServerError: an unexpected failure of ours; meta.request_id names it in our logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ServerError",
                     *           "detail": "an unexpected error occurred",
                     *           "meta": {
                     *             "request_id": "4f6c1a2e-8d3b-4b7a-9c1e-2f5d6a7b8c9d"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getLatestApplication: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                customer_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "application_id": "3a918145-5048-48f1-aaa0-586edeedc09f",
                     *         "customer_id": "3ada20af-1217-4192-883b-39fdda4b9110",
                     *         "status": "open",
                     *         "is_closed": false,
                     *         "is_topup": false,
                     *         "amount": 25000,
                     *         "requests": [
                     *           {
                     *             "amount": 25000,
                     *             "duration": {
                     *               "amount": 12,
                     *               "unit": "months"
                     *             },
                     *             "purpose": "stock",
                     *             "urgency": "weeks"
                     *           }
                     *         ],
                     *         "introducer": {
                     *           "entity_to_contact": "customer",
                     *           "introducer_id": null
                     *         },
                     *         "created_at": "2026-07-01T09:30:00.000Z",
                     *         "updated_at": "2026-07-01T09:30:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            amount: number;
                            /** Format: uuid */
                            application_id: string;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: uuid */
                            customer_id: string;
                            introducer: {
                                /** @enum {string} */
                                entity_to_contact: "customer" | "introducer";
                                introducer_id: string | null;
                            };
                            is_closed: boolean;
                            is_topup: boolean;
                            requests: {
                                amount: number;
                                detailed_purpose?: string;
                                duration?: {
                                    amount: number;
                                    unit: string;
                                };
                                purpose?: string;
                                urgency?: string;
                            }[];
                            /** @enum {string} */
                            status: "open" | "action_required" | "awaiting_underwriter" | "in_underwriting" | "offered" | "declined" | "deferred" | "expired" | "offer_revoked" | "funded";
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
            };
            /** @description Bad request: validation or domain error (source points at the problem) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ValidationError",
                     *           "detail": "company_number must be at most 50 characters",
                     *           "source": {
                     *             "pointer": "/data/company/company_number"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description AuthenticationFailed: missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "AuthenticationFailed",
                     *           "detail": "the token is unknown or revoked"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PermissionDenied: read-only token, sandbox route with a production token, or suspended partner */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "PermissionDenied",
                     *           "detail": "this token lacks the write scope"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NotFound: no such resource for this partner and environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "NotFound",
                     *           "detail": "customer not found"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NotAcceptable: Accept does not admit application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "NotAcceptable",
                     *           "detail": "Accept must admit application/json"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Throttled: too many requests for this token; Retry-After gives the seconds to wait */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "Throttled",
                     *           "detail": "too many requests: at most 600 a minute; retry in 12 s"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description ServerError: an unexpected failure of ours; meta.request_id names it in our logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ServerError",
                     *           "detail": "an unexpected error occurred",
                     *           "meta": {
                     *             "request_id": "4f6c1a2e-8d3b-4b7a-9c1e-2f5d6a7b8c9d"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    updateLatestApplication: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: a repeat with the same key, method, path and body answers the first answer (Idempotent-Replayed: true) without doing it again, for 24 hours. */
                "idempotency-key"?: string;
            };
            path: {
                customer_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "data": {
                 *         "requests": [
                 *           {
                 *             "amount": 30000,
                 *             "duration": {
                 *               "amount": 18,
                 *               "unit": "months"
                 *             }
                 *           }
                 *         ]
                 *       }
                 *     }
                 */
                "application/json": {
                    data: {
                        introducer?: {
                            /** @enum {string} */
                            entity_to_contact?: "customer" | "introducer";
                            /** Format: uuid */
                            introducer_id?: string;
                        };
                        requests?: {
                            amount: number;
                            detailed_purpose?: string;
                            duration?: {
                                /** @description A whole number of the unit */
                                amount: number;
                                /** @enum {string} */
                                unit: "days" | "weeks" | "months";
                            };
                            purpose?: string;
                            /** @enum {string} */
                            urgency?: "asap" | "weeks" | "future";
                        }[];
                    };
                };
            };
        };
        responses: {
            /** @description Accepted: no body */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request: validation or domain error (source points at the problem) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ValidationError",
                     *           "detail": "company_number must be at most 50 characters",
                     *           "source": {
                     *             "pointer": "/data/company/company_number"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description AuthenticationFailed: missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "AuthenticationFailed",
                     *           "detail": "the token is unknown or revoked"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PermissionDenied: read-only token, sandbox route with a production token, or suspended partner */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "PermissionDenied",
                     *           "detail": "this token lacks the write scope"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NotFound: no such resource for this partner and environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "NotFound",
                     *           "detail": "customer not found"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NotAcceptable: Accept does not admit application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "NotAcceptable",
                     *           "detail": "Accept must admit application/json"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict: the code says which (IdempotencyKeyInUse while a request with the key runs) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "DuplicateCustomer",
                     *           "detail": "a customer with this external_customer_id already exists"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PayloadTooLarge */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "PayloadTooLarge",
                     *           "detail": "the request body is larger than allowed"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UnsupportedMediaType */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "UnsupportedMediaType",
                     *           "detail": "Content-Type must be application/json"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description IdempotencyKeyReused: the key was used with another method, path or body */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "IdempotencyKeyReused",
                     *           "detail": "this Idempotency-Key was used with another method, path or body; use a new key for a new request",
                     *           "source": {
                     *             "parameter": "Idempotency-Key"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Throttled: too many requests for this token; Retry-After gives the seconds to wait */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "Throttled",
                     *           "detail": "too many requests: at most 600 a minute; retry in 12 s"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description ServerError: an unexpected failure of ours; meta.request_id names it in our logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ServerError",
                     *           "detail": "an unexpected error occurred",
                     *           "meta": {
                     *             "request_id": "4f6c1a2e-8d3b-4b7a-9c1e-2f5d6a7b8c9d"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getFundingAccount: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                customer_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "funding_account_id": "5f0c3c8e-2b7d-4a51-9a43-6c1d2e3f4a5b",
                     *         "account_holder_name": "Acme Widgets Ltd",
                     *         "sort_code": "08-99-99",
                     *         "account_number_ending": "4958",
                     *         "name_check": "match",
                     *         "status": "verified",
                     *         "created_at": "2026-07-01T09:30:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            account_holder_name: string;
                            /**
                             * @description The last four digits of the account number
                             * @example 4958
                             */
                            account_number_ending: string;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: uuid */
                            funding_account_id: string;
                            /**
                             * @description The payee name check (Confirmation of Payee)
                             * @enum {string}
                             */
                            name_check: "match" | "close_match" | "no_match" | "unavailable";
                            /** @example 08-99-99 */
                            sort_code: string;
                            /**
                             * @description verified (match), rejected (no_match), needs_review (close_match or unavailable) until the lender accepts or rejects it
                             * @enum {string}
                             */
                            status: "verified" | "needs_review" | "rejected";
                        };
                    };
                };
            };
            /** @description Bad request: validation or domain error (source points at the problem) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ValidationError",
                     *           "detail": "company_number must be at most 50 characters",
                     *           "source": {
                     *             "pointer": "/data/company/company_number"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description AuthenticationFailed: missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "AuthenticationFailed",
                     *           "detail": "the token is unknown or revoked"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PermissionDenied: read-only token, sandbox route with a production token, or suspended partner */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "PermissionDenied",
                     *           "detail": "this token lacks the write scope"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NotFound: no such resource for this partner and environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "NotFound",
                     *           "detail": "customer not found"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NotAcceptable: Accept does not admit application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "NotAcceptable",
                     *           "detail": "Accept must admit application/json"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Throttled: too many requests for this token; Retry-After gives the seconds to wait */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "Throttled",
                     *           "detail": "too many requests: at most 600 a minute; retry in 12 s"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description ServerError: an unexpected failure of ours; meta.request_id names it in our logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ServerError",
                     *           "detail": "an unexpected error occurred",
                     *           "meta": {
                     *             "request_id": "4f6c1a2e-8d3b-4b7a-9c1e-2f5d6a7b8c9d"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    setFundingAccount: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                customer_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "data": {
                 *         "account_holder_name": "Acme Widgets Ltd",
                 *         "sort_code": "08-99-99",
                 *         "account_number": "66374958"
                 *       }
                 *     }
                 */
                "application/json": {
                    data: {
                        /**
                         * @description The name the account is held in
                         * @example Acme Widgets Ltd
                         */
                        account_holder_name: string;
                        /**
                         * @description Eight digits; never shown again (answers show its last four)
                         * @example 66374958
                         */
                        account_number: string;
                        /**
                         * @description Six digits, with or without hyphens
                         * @example 08-99-99
                         */
                        sort_code: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "funding_account_id": "5f0c3c8e-2b7d-4a51-9a43-6c1d2e3f4a5b",
                     *         "account_holder_name": "Acme Widgets Ltd",
                     *         "sort_code": "08-99-99",
                     *         "account_number_ending": "4958",
                     *         "name_check": "match",
                     *         "status": "verified",
                     *         "created_at": "2026-07-01T09:30:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            account_holder_name: string;
                            /**
                             * @description The last four digits of the account number
                             * @example 4958
                             */
                            account_number_ending: string;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: uuid */
                            funding_account_id: string;
                            /**
                             * @description The payee name check (Confirmation of Payee)
                             * @enum {string}
                             */
                            name_check: "match" | "close_match" | "no_match" | "unavailable";
                            /** @example 08-99-99 */
                            sort_code: string;
                            /**
                             * @description verified (match), rejected (no_match), needs_review (close_match or unavailable) until the lender accepts or rejects it
                             * @enum {string}
                             */
                            status: "verified" | "needs_review" | "rejected";
                        };
                    };
                };
            };
            /** @description Bad request: validation or domain error (source points at the problem) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ValidationError",
                     *           "detail": "company_number must be at most 50 characters",
                     *           "source": {
                     *             "pointer": "/data/company/company_number"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description AuthenticationFailed: missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "AuthenticationFailed",
                     *           "detail": "the token is unknown or revoked"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PermissionDenied: read-only token, sandbox route with a production token, or suspended partner */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "PermissionDenied",
                     *           "detail": "this token lacks the write scope"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NotFound: no such resource for this partner and environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "NotFound",
                     *           "detail": "customer not found"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NotAcceptable: Accept does not admit application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "NotAcceptable",
                     *           "detail": "Accept must admit application/json"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PayloadTooLarge */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "PayloadTooLarge",
                     *           "detail": "the request body is larger than allowed"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UnsupportedMediaType */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "UnsupportedMediaType",
                     *           "detail": "Content-Type must be application/json"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Throttled: too many requests for this token; Retry-After gives the seconds to wait */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "Throttled",
                     *           "detail": "too many requests: at most 600 a minute; retry in 12 s"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description ServerError: an unexpected failure of ours; meta.request_id names it in our logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ServerError",
                     *           "detail": "an unexpected error occurred",
                     *           "meta": {
                     *             "request_id": "4f6c1a2e-8d3b-4b7a-9c1e-2f5d6a7b8c9d"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listCustomerLoans: {
        parameters: {
            query?: {
                /** @description meta.next_cursor (or meta.previous_cursor) of a page of this list, read with the same filters; opaque. Absent: the first page */
                cursor?: string;
                /** @description Rows per page: 1 to 200, default 50 */
                limit?: string;
            };
            header?: never;
            path: {
                customer_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "loan_id": "54a8853b-8740-400e-a61e-147028d873e2",
                     *           "customer_id": "3ada20af-1217-4192-883b-39fdda4b9110",
                     *           "offer_id": "ee96144e-ab9b-4ea6-aa9d-78e722fcb400",
                     *           "application_id": "3a918145-5048-48f1-aaa0-586edeedc09f",
                     *           "funded_on": "2026-01-15",
                     *           "amount": 10000,
                     *           "status": "in_arrears",
                     *           "balance": {
                     *             "principal": 7500,
                     *             "interest": 450,
                     *             "fees": 0,
                     *             "total": 7950
                     *           },
                     *           "next_repayment": {
                     *             "date": "2026-04-15",
                     *             "amount": 2650
                     *           },
                     *           "arrears": {
                     *             "amount": 2725,
                     *             "days_past_due": 5,
                     *             "oldest_due_date": "2026-03-15"
                     *           },
                     *           "repayments": [
                     *             {
                     *               "date": "2026-02-15",
                     *               "amount": 2800,
                     *               "breakdown": {
                     *                 "fees": 0,
                     *                 "interest": 300,
                     *                 "principal": 2500
                     *               },
                     *               "status": "collected",
                     *               "collected_on": "2026-02-15"
                     *             },
                     *             {
                     *               "date": "2026-03-15",
                     *               "amount": 2725,
                     *               "breakdown": {
                     *                 "fees": 0,
                     *                 "interest": 225,
                     *                 "principal": 2500
                     *               },
                     *               "status": "missed"
                     *             },
                     *             {
                     *               "date": "2026-04-15",
                     *               "amount": 2650,
                     *               "breakdown": {
                     *                 "fees": 0,
                     *                 "interest": 150,
                     *                 "principal": 2500
                     *               },
                     *               "status": "scheduled"
                     *             },
                     *             {
                     *               "date": "2026-05-15",
                     *               "amount": 2575,
                     *               "breakdown": {
                     *                 "fees": 0,
                     *                 "interest": 75,
                     *                 "principal": 2500
                     *               },
                     *               "status": "scheduled"
                     *             }
                     *           ],
                     *           "withdrawal": null
                     *         }
                     *       ],
                     *       "meta": {
                     *         "next_cursor": null,
                     *         "previous_cursor": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Loan"][];
                        meta: {
                            /** @description The next page: pass it as cursor. Null on the last page */
                            next_cursor: string | null;
                            /** @description The page before this one. Null on the first page */
                            previous_cursor: string | null;
                        };
                    };
                };
            };
            /** @description Bad request: validation or domain error (source points at the problem) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ValidationError",
                     *           "detail": "company_number must be at most 50 characters",
                     *           "source": {
                     *             "pointer": "/data/company/company_number"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description AuthenticationFailed: missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "AuthenticationFailed",
                     *           "detail": "the token is unknown or revoked"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PermissionDenied: read-only token, sandbox route with a production token, or suspended partner */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "PermissionDenied",
                     *           "detail": "this token lacks the write scope"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NotFound: no such resource for this partner and environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "NotFound",
                     *           "detail": "customer not found"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NotAcceptable: Accept does not admit application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "NotAcceptable",
                     *           "detail": "Accept must admit application/json"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Throttled: too many requests for this token; Retry-After gives the seconds to wait */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "Throttled",
                     *           "detail": "too many requests: at most 600 a minute; retry in 12 s"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description ServerError: an unexpected failure of ours; meta.request_id names it in our logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ServerError",
                     *           "detail": "an unexpected error occurred",
                     *           "meta": {
                     *             "request_id": "4f6c1a2e-8d3b-4b7a-9c1e-2f5d6a7b8c9d"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getLoginLink: {
        parameters: {
            query?: {
                offer_id?: string;
            };
            header?: never;
            path: {
                customer_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "login_link": "https://lender.example.com/portal/login/ll_8Qm2x4YvN0s"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            /** Format: uri */
                            login_link: string;
                        };
                    };
                };
            };
            /** @description Bad request: validation or domain error (source points at the problem) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ValidationError",
                     *           "detail": "company_number must be at most 50 characters",
                     *           "source": {
                     *             "pointer": "/data/company/company_number"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description AuthenticationFailed: missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "AuthenticationFailed",
                     *           "detail": "the token is unknown or revoked"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PermissionDenied: read-only token, sandbox route with a production token, or suspended partner */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "PermissionDenied",
                     *           "detail": "this token lacks the write scope"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NotFound: no such resource for this partner and environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "NotFound",
                     *           "detail": "customer not found"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NotAcceptable: Accept does not admit application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "NotAcceptable",
                     *           "detail": "Accept must admit application/json"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Throttled: too many requests for this token; Retry-After gives the seconds to wait */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "Throttled",
                     *           "detail": "too many requests: at most 600 a minute; retry in 12 s"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description ServerError: an unexpected failure of ours; meta.request_id names it in our logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ServerError",
                     *           "detail": "an unexpected error occurred",
                     *           "meta": {
                     *             "request_id": "4f6c1a2e-8d3b-4b7a-9c1e-2f5d6a7b8c9d"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getPreApproval: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                customer_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "offer_id": "ee96144e-ab9b-4ea6-aa9d-78e722fcb400",
                     *         "max_amount": 20000,
                     *         "available_amount": 15000,
                     *         "monthly_interest_percentage": 2.5,
                     *         "fee_percentage": 0,
                     *         "duration_in_days": 365,
                     *         "expires_at": "2026-09-29T09:30:00.000Z",
                     *         "status": "funded"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            /** @description What can still be drawn: max_amount less what was drawn; 0 once expired or revoked */
                            available_amount: number;
                            duration_in_days: number;
                            /** Format: date-time */
                            expires_at: string;
                            fee_percentage: number;
                            max_amount: number;
                            monthly_interest_percentage: number;
                            /** Format: uuid */
                            offer_id: string;
                            /** @enum {string} */
                            status: "available" | "funded" | "expired" | "revoked";
                        };
                    };
                };
            };
            /** @description Bad request: validation or domain error (source points at the problem) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ValidationError",
                     *           "detail": "company_number must be at most 50 characters",
                     *           "source": {
                     *             "pointer": "/data/company/company_number"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description AuthenticationFailed: missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "AuthenticationFailed",
                     *           "detail": "the token is unknown or revoked"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PermissionDenied: read-only token, sandbox route with a production token, or suspended partner */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "PermissionDenied",
                     *           "detail": "this token lacks the write scope"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NotFound: no such resource for this partner and environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "NotFound",
                     *           "detail": "customer not found"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NotAcceptable: Accept does not admit application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "NotAcceptable",
                     *           "detail": "Accept must admit application/json"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Throttled: too many requests for this token; Retry-After gives the seconds to wait */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "Throttled",
                     *           "detail": "too many requests: at most 600 a minute; retry in 12 s"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description ServerError: an unexpected failure of ours; meta.request_id names it in our logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ServerError",
                     *           "detail": "an unexpected error occurred",
                     *           "meta": {
                     *             "request_id": "4f6c1a2e-8d3b-4b7a-9c1e-2f5d6a7b8c9d"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listDocuments: {
        parameters: {
            query?: {
                /** @description meta.next_cursor (or meta.previous_cursor) of a page of this list, read with the same filters; opaque. Absent: the first page */
                cursor?: string;
                /** @description Rows per page: 1 to 200, default 50 */
                limit?: string;
            };
            header?: never;
            path: {
                customer_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [],
                     *       "included": [],
                     *       "meta": {
                     *         "next_cursor": null,
                     *         "previous_cursor": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            attributes: {
                                document_name: string;
                                document_type: string;
                                reject_reason: string | null;
                                /** @enum {string} */
                                status: "pending" | "processing" | "accepted" | "rejected";
                                /** Format: date-time */
                                upload_date: string;
                            };
                            /** Format: uuid */
                            id: string;
                            relationships: {
                                bank_account: {
                                    data: {
                                        /** Format: uuid */
                                        id: string;
                                        /** @enum {string} */
                                        type: "bank_account";
                                    } | null;
                                };
                            };
                            /** @enum {string} */
                            type: "document";
                        }[];
                        included: {
                            attributes: {
                                account_number: string;
                                bank_name: string;
                            };
                            /** Format: uuid */
                            id: string;
                            /** @enum {string} */
                            type: "bank_account";
                        }[];
                        meta: {
                            /** @description The next page: pass it as cursor. Null on the last page */
                            next_cursor: string | null;
                            /** @description The page before this one. Null on the first page */
                            previous_cursor: string | null;
                        };
                    };
                };
            };
            /** @description Bad request: validation or domain error (source points at the problem) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ValidationError",
                     *           "detail": "company_number must be at most 50 characters",
                     *           "source": {
                     *             "pointer": "/data/company/company_number"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description AuthenticationFailed: missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "AuthenticationFailed",
                     *           "detail": "the token is unknown or revoked"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PermissionDenied: read-only token, sandbox route with a production token, or suspended partner */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "PermissionDenied",
                     *           "detail": "this token lacks the write scope"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NotFound: no such resource for this partner and environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "NotFound",
                     *           "detail": "customer not found"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NotAcceptable: Accept does not admit application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "NotAcceptable",
                     *           "detail": "Accept must admit application/json"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Throttled: too many requests for this token; Retry-After gives the seconds to wait */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "Throttled",
                     *           "detail": "too many requests: at most 600 a minute; retry in 12 s"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description ServerError: an unexpected failure of ours; meta.request_id names it in our logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ServerError",
                     *           "detail": "an unexpected error occurred",
                     *           "meta": {
                     *             "request_id": "4f6c1a2e-8d3b-4b7a-9c1e-2f5d6a7b8c9d"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    uploadDocument: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: a repeat with the same key, method, path and body answers the first answer (Idempotent-Replayed: true) without doing it again, for 24 hours. */
                "idempotency-key"?: string;
            };
            path: {
                customer_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description The file: PDF, PNG, JPEG, TIFF, CSV, XLS or XLSX (JSON only for "bank statement"); at most 20 MiB */
                    document: string;
                    /**
                     * @description Exactly one of the document types
                     * @enum {string}
                     */
                    document_type: "bank statement" | "business accounts" | "vat return" | "invoices" | "personal id" | "customer broker consent" | "balance sheet" | "profit and loss" | "company bylaws" | "nif card" | "modelo" | "management accounts" | "aged debtor report" | "business plan" | "self assessment tax return" | "personal bank statement" | "other" | "cash register" | "cashflow forecast" | "outstanding debt information" | "list of shareholders" | "cbils questionnaire";
                } | null;
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "document_id": "c1d2e3f4-5a6b-4c7d-8e9f-0a1b2c3d4e5f",
                     *         "document_name": "accounts-2025.pdf",
                     *         "document_type": "business accounts",
                     *         "upload_date": "2026-07-01T09:30:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            /** Format: uuid */
                            document_id: string;
                            document_name: string;
                            /** @enum {string} */
                            document_type: "bank statement" | "business accounts" | "vat return" | "invoices" | "personal id" | "customer broker consent" | "balance sheet" | "profit and loss" | "company bylaws" | "nif card" | "modelo" | "management accounts" | "aged debtor report" | "business plan" | "self assessment tax return" | "personal bank statement" | "other" | "cash register" | "cashflow forecast" | "outstanding debt information" | "list of shareholders" | "cbils questionnaire";
                            /** Format: date-time */
                            upload_date: string;
                        };
                    };
                };
            };
            /** @description Bad request: validation or domain error (source points at the problem) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ValidationError",
                     *           "detail": "company_number must be at most 50 characters",
                     *           "source": {
                     *             "pointer": "/data/company/company_number"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description AuthenticationFailed: missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "AuthenticationFailed",
                     *           "detail": "the token is unknown or revoked"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PermissionDenied: read-only token, sandbox route with a production token, or suspended partner */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "PermissionDenied",
                     *           "detail": "this token lacks the write scope"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NotFound: no such resource for this partner and environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "NotFound",
                     *           "detail": "customer not found"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NotAcceptable: Accept does not admit application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "NotAcceptable",
                     *           "detail": "Accept must admit application/json"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict: the code says which */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "DuplicateCustomer",
                     *           "detail": "a customer with this external_customer_id already exists"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PayloadTooLarge */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "PayloadTooLarge",
                     *           "detail": "the request body is larger than allowed"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UnsupportedMediaType */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "UnsupportedMediaType",
                     *           "detail": "Content-Type must be application/json"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description IdempotencyKeyReused: the key was used with another method, path or body */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "IdempotencyKeyReused",
                     *           "detail": "this Idempotency-Key was used with another method, path or body; use a new key for a new request",
                     *           "source": {
                     *             "parameter": "Idempotency-Key"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Throttled: too many requests for this token; Retry-After gives the seconds to wait */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "Throttled",
                     *           "detail": "too many requests: at most 600 a minute; retry in 12 s"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description ServerError: an unexpected failure of ours; meta.request_id names it in our logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ServerError",
                     *           "detail": "an unexpected error occurred",
                     *           "meta": {
                     *             "request_id": "4f6c1a2e-8d3b-4b7a-9c1e-2f5d6a7b8c9d"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listEvents: {
        parameters: {
            query?: {
                /** @description An event id: only events after it (from the start of the 30 days when absent) */
                after?: string;
                /** @description 1 to 100, default 20 */
                limit?: string;
                /** @description Comma-separated event types, e.g. application_offered,application_declined */
                types?: string;
                /** @description 0 to 30 seconds: with nothing to answer yet, wait this long for an event (long poll) */
                wait?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "event_id": "e2016269-0937-4383-9d87-5624750272e9",
                     *           "webhook_event_type": "application_attributed",
                     *           "created_at": "2026-07-01T09:30:00.000Z",
                     *           "data": {
                     *             "application_id": "00000000-0000-4000-8000-000000000001",
                     *             "customer_id": "00000000-0000-4000-8000-000000000002",
                     *             "external_customer_id": "sample-customer-001",
                     *             "amount": 25000,
                     *             "is_topup": false,
                     *             "attributed_at": "2026-07-01T09:30:00.000Z"
                     *           }
                     *         }
                     *       ],
                     *       "has_more": false
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Event"][];
                        has_more: boolean;
                    };
                };
            };
            /** @description Bad request: validation or domain error (source points at the problem) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ValidationError",
                     *           "detail": "company_number must be at most 50 characters",
                     *           "source": {
                     *             "pointer": "/data/company/company_number"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description AuthenticationFailed: missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "AuthenticationFailed",
                     *           "detail": "the token is unknown or revoked"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PermissionDenied: read-only token, sandbox route with a production token, or suspended partner */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "PermissionDenied",
                     *           "detail": "this token lacks the write scope"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NotAcceptable: Accept does not admit application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "NotAcceptable",
                     *           "detail": "Accept must admit application/json"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Throttled: too many requests for this token; Retry-After gives the seconds to wait */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "Throttled",
                     *           "detail": "too many requests: at most 600 a minute; retry in 12 s"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description ServerError: an unexpected failure of ours; meta.request_id names it in our logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ServerError",
                     *           "detail": "an unexpected error occurred",
                     *           "meta": {
                     *             "request_id": "4f6c1a2e-8d3b-4b7a-9c1e-2f5d6a7b8c9d"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                event_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "event_id": "e2016269-0937-4383-9d87-5624750272e9",
                     *         "webhook_event_type": "application_attributed",
                     *         "created_at": "2026-07-01T09:30:00.000Z",
                     *         "data": {
                     *           "application_id": "00000000-0000-4000-8000-000000000001",
                     *           "customer_id": "00000000-0000-4000-8000-000000000002",
                     *           "external_customer_id": "sample-customer-001",
                     *           "amount": 25000,
                     *           "is_topup": false,
                     *           "attributed_at": "2026-07-01T09:30:00.000Z"
                     *         },
                     *         "delivery": {
                     *           "status": "delivered",
                     *           "attempts": 1
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Event"] & {
                            delivery: {
                                /** @description Delivery attempts made so far */
                                attempts: number;
                                /** @enum {string} */
                                status: "delivered" | "pending" | "failing" | "not_subscribed";
                            };
                        };
                    };
                };
            };
            /** @description Bad request: validation or domain error (source points at the problem) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ValidationError",
                     *           "detail": "company_number must be at most 50 characters",
                     *           "source": {
                     *             "pointer": "/data/company/company_number"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description AuthenticationFailed: missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "AuthenticationFailed",
                     *           "detail": "the token is unknown or revoked"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PermissionDenied: read-only token, sandbox route with a production token, or suspended partner */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "PermissionDenied",
                     *           "detail": "this token lacks the write scope"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NotFound: no such resource for this partner and environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "NotFound",
                     *           "detail": "customer not found"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NotAcceptable: Accept does not admit application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "NotAcceptable",
                     *           "detail": "Accept must admit application/json"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Throttled: too many requests for this token; Retry-After gives the seconds to wait */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "Throttled",
                     *           "detail": "too many requests: at most 600 a minute; retry in 12 s"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description ServerError: an unexpected failure of ours; meta.request_id names it in our logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ServerError",
                     *           "detail": "an unexpected error occurred",
                     *           "meta": {
                     *             "request_id": "4f6c1a2e-8d3b-4b7a-9c1e-2f5d6a7b8c9d"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listIntroducers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "introducers": []
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            introducers: {
                                email: string;
                                introducer_id: string;
                                is_active: boolean;
                                name: string;
                            }[];
                        };
                    };
                };
            };
            /** @description Bad request: validation or domain error (source points at the problem) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ValidationError",
                     *           "detail": "company_number must be at most 50 characters",
                     *           "source": {
                     *             "pointer": "/data/company/company_number"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description AuthenticationFailed: missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "AuthenticationFailed",
                     *           "detail": "the token is unknown or revoked"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PermissionDenied: read-only token, sandbox route with a production token, or suspended partner */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "PermissionDenied",
                     *           "detail": "this token lacks the write scope"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NotAcceptable: Accept does not admit application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "NotAcceptable",
                     *           "detail": "Accept must admit application/json"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Throttled: too many requests for this token; Retry-After gives the seconds to wait */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "Throttled",
                     *           "detail": "too many requests: at most 600 a minute; retry in 12 s"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description ServerError: an unexpected failure of ours; meta.request_id names it in our logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ServerError",
                     *           "detail": "an unexpected error occurred",
                     *           "meta": {
                     *             "request_id": "4f6c1a2e-8d3b-4b7a-9c1e-2f5d6a7b8c9d"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getLoan: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                loan_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "loan_id": "54a8853b-8740-400e-a61e-147028d873e2",
                     *         "customer_id": "3ada20af-1217-4192-883b-39fdda4b9110",
                     *         "offer_id": "ee96144e-ab9b-4ea6-aa9d-78e722fcb400",
                     *         "application_id": "3a918145-5048-48f1-aaa0-586edeedc09f",
                     *         "funded_on": "2026-01-15",
                     *         "amount": 10000,
                     *         "status": "in_arrears",
                     *         "balance": {
                     *           "principal": 7500,
                     *           "interest": 450,
                     *           "fees": 0,
                     *           "total": 7950
                     *         },
                     *         "next_repayment": {
                     *           "date": "2026-04-15",
                     *           "amount": 2650
                     *         },
                     *         "arrears": {
                     *           "amount": 2725,
                     *           "days_past_due": 5,
                     *           "oldest_due_date": "2026-03-15"
                     *         },
                     *         "repayments": [
                     *           {
                     *             "date": "2026-02-15",
                     *             "amount": 2800,
                     *             "breakdown": {
                     *               "fees": 0,
                     *               "interest": 300,
                     *               "principal": 2500
                     *             },
                     *             "status": "collected",
                     *             "collected_on": "2026-02-15"
                     *           },
                     *           {
                     *             "date": "2026-03-15",
                     *             "amount": 2725,
                     *             "breakdown": {
                     *               "fees": 0,
                     *               "interest": 225,
                     *               "principal": 2500
                     *             },
                     *             "status": "missed"
                     *           },
                     *           {
                     *             "date": "2026-04-15",
                     *             "amount": 2650,
                     *             "breakdown": {
                     *               "fees": 0,
                     *               "interest": 150,
                     *               "principal": 2500
                     *             },
                     *             "status": "scheduled"
                     *           },
                     *           {
                     *             "date": "2026-05-15",
                     *             "amount": 2575,
                     *             "breakdown": {
                     *               "fees": 0,
                     *               "interest": 75,
                     *               "principal": 2500
                     *             },
                     *             "status": "scheduled"
                     *           }
                     *         ],
                     *         "withdrawal": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Loan"];
                    };
                };
            };
            /** @description Bad request: validation or domain error (source points at the problem) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ValidationError",
                     *           "detail": "company_number must be at most 50 characters",
                     *           "source": {
                     *             "pointer": "/data/company/company_number"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description AuthenticationFailed: missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "AuthenticationFailed",
                     *           "detail": "the token is unknown or revoked"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PermissionDenied: read-only token, sandbox route with a production token, or suspended partner */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "PermissionDenied",
                     *           "detail": "this token lacks the write scope"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NotFound: no such resource for this partner and environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "NotFound",
                     *           "detail": "customer not found"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NotAcceptable: Accept does not admit application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "NotAcceptable",
                     *           "detail": "Accept must admit application/json"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Throttled: too many requests for this token; Retry-After gives the seconds to wait */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "Throttled",
                     *           "detail": "too many requests: at most 600 a minute; retry in 12 s"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description ServerError: an unexpected failure of ours; meta.request_id names it in our logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ServerError",
                     *           "detail": "an unexpected error occurred",
                     *           "meta": {
                     *             "request_id": "4f6c1a2e-8d3b-4b7a-9c1e-2f5d6a7b8c9d"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getSettlementQuote: {
        parameters: {
            query?: {
                /** @description The settlement day, YYYY-MM-DD; without it, the first day from the customer's today (London) that can be quoted */
                on?: string;
            };
            header?: never;
            path: {
                loan_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "on": "2026-04-01",
                     *         "amount": 7807.26,
                     *         "breakdown": {
                     *           "principal": 5000,
                     *           "interest": 82.26,
                     *           "fees": 0,
                     *           "arrears": 2725,
                     *           "rebate": 0
                     *         },
                     *         "valid_until": "2026-04-01"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["SettlementQuote"];
                    };
                };
            };
            /** @description Bad request: validation or domain error (source points at the problem) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ValidationError",
                     *           "detail": "company_number must be at most 50 characters",
                     *           "source": {
                     *             "pointer": "/data/company/company_number"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description AuthenticationFailed: missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "AuthenticationFailed",
                     *           "detail": "the token is unknown or revoked"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PermissionDenied: read-only token, sandbox route with a production token, or suspended partner */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "PermissionDenied",
                     *           "detail": "this token lacks the write scope"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NotFound: no such resource for this partner and environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "NotFound",
                     *           "detail": "customer not found"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NotAcceptable: Accept does not admit application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "NotAcceptable",
                     *           "detail": "Accept must admit application/json"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict: the code says which */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "DuplicateCustomer",
                     *           "detail": "a customer with this external_customer_id already exists"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Throttled: too many requests for this token; Retry-After gives the seconds to wait */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "Throttled",
                     *           "detail": "too many requests: at most 600 a minute; retry in 12 s"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description ServerError: an unexpected failure of ours; meta.request_id names it in our logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ServerError",
                     *           "detail": "an unexpected error occurred",
                     *           "meta": {
                     *             "request_id": "4f6c1a2e-8d3b-4b7a-9c1e-2f5d6a7b8c9d"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getLoanStatement: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                loan_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: a PDF */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            /** @description Bad request: validation or domain error (source points at the problem) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ValidationError",
                     *           "detail": "company_number must be at most 50 characters",
                     *           "source": {
                     *             "pointer": "/data/company/company_number"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description AuthenticationFailed: missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "AuthenticationFailed",
                     *           "detail": "the token is unknown or revoked"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PermissionDenied: read-only token, sandbox route with a production token, or suspended partner */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "PermissionDenied",
                     *           "detail": "this token lacks the write scope"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NotFound: no such resource for this partner and environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "NotFound",
                     *           "detail": "customer not found"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NotAcceptable: Accept does not admit application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "NotAcceptable",
                     *           "detail": "Accept must admit application/json"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Throttled: too many requests for this token; Retry-After gives the seconds to wait */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "Throttled",
                     *           "detail": "too many requests: at most 600 a minute; retry in 12 s"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description ServerError: an unexpected failure of ours; meta.request_id names it in our logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ServerError",
                     *           "detail": "an unexpected error occurred",
                     *           "meta": {
                     *             "request_id": "4f6c1a2e-8d3b-4b7a-9c1e-2f5d6a7b8c9d"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getRepaymentSchedule: {
        parameters: {
            query?: {
                /** @description Amount drawn down, GBP with at most two decimals; defaults to max_amount */
                amount?: string;
                /** @description YYYY-MM-DD */
                pay_off_early_on?: string;
            };
            header?: never;
            path: {
                offer_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: JSON, or a PDF when the request asks for application/pdf */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "amount_borrowed": 3000,
                     *         "amount_saved_by_repaying_early": 0,
                     *         "apr": 42.6,
                     *         "fee_percentage": 0,
                     *         "monthly_interest_percentage": 3,
                     *         "repayments": [
                     *           {
                     *             "amount": 1090,
                     *             "date": "2026-08-01",
                     *             "breakdown": {
                     *               "fees": 0,
                     *               "interest": 90,
                     *               "principal": 1000
                     *             }
                     *           },
                     *           {
                     *             "amount": 1060,
                     *             "date": "2026-09-01",
                     *             "breakdown": {
                     *               "fees": 0,
                     *               "interest": 60,
                     *               "principal": 1000
                     *             }
                     *           },
                     *           {
                     *             "amount": 1030,
                     *             "date": "2026-10-01",
                     *             "breakdown": {
                     *               "fees": 0,
                     *               "interest": 30,
                     *               "principal": 1000
                     *             }
                     *           }
                     *         ],
                     *         "total_payable": 3180,
                     *         "total_payable_breakdown": {
                     *           "total_fees": 0,
                     *           "total_interest": 180,
                     *           "total_principal": 3000
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            amount_borrowed: number;
                            amount_saved_by_repaying_early: number;
                            /** @description The annual percentage rate of charge (CONC App 1.2, docs/behaviour.md, section 23), percent to one decimal place, for the amount asked, of the schedule without an early payoff */
                            apr: number;
                            fee_percentage: number;
                            monthly_interest_percentage: number;
                            repayments: {
                                amount: number;
                                breakdown: {
                                    fees: number;
                                    interest: number;
                                    principal: number;
                                };
                                /**
                                 * Format: date
                                 * @description YYYY-MM-DD
                                 */
                                date: string;
                            }[];
                            total_payable: number;
                            total_payable_breakdown: {
                                total_fees: number;
                                total_interest: number;
                                total_principal: number;
                            };
                        };
                    };
                    "application/pdf": string;
                };
            };
            /** @description Bad request: validation or domain error (source points at the problem) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ValidationError",
                     *           "detail": "company_number must be at most 50 characters",
                     *           "source": {
                     *             "pointer": "/data/company/company_number"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description AuthenticationFailed: missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "AuthenticationFailed",
                     *           "detail": "the token is unknown or revoked"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PermissionDenied: read-only token, sandbox route with a production token, or suspended partner */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "PermissionDenied",
                     *           "detail": "this token lacks the write scope"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NotFound: no such resource for this partner and environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "NotFound",
                     *           "detail": "customer not found"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NotAcceptable: Accept does not admit application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "NotAcceptable",
                     *           "detail": "Accept must admit application/json"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Throttled: too many requests for this token; Retry-After gives the seconds to wait */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "Throttled",
                     *           "detail": "too many requests: at most 600 a minute; retry in 12 s"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description ServerError: an unexpected failure of ours; meta.request_id names it in our logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ServerError",
                     *           "detail": "an unexpected error occurred",
                     *           "meta": {
                     *             "request_id": "4f6c1a2e-8d3b-4b7a-9c1e-2f5d6a7b8c9d"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    selectOffer: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: a repeat with the same key, method, path and body answers the first answer (Idempotent-Replayed: true) without doing it again, for 24 hours. */
                "idempotency-key"?: string;
            };
            path: {
                offer_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "data": {
                 *         "entity_to_contact": "customer"
                 *       }
                 *     }
                 */
                "application/json": {
                    data: {
                        /** @enum {string} */
                        entity_to_contact: "customer" | "introducer";
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "login_link": "https://lender.example.com/portal/login/ll_8Qm2x4YvN0s"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            /** Format: uri */
                            login_link?: string;
                        };
                    };
                };
            };
            /** @description Bad request: validation or domain error (source points at the problem) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ValidationError",
                     *           "detail": "company_number must be at most 50 characters",
                     *           "source": {
                     *             "pointer": "/data/company/company_number"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description AuthenticationFailed: missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "AuthenticationFailed",
                     *           "detail": "the token is unknown or revoked"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PermissionDenied: read-only token, sandbox route with a production token, or suspended partner */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "PermissionDenied",
                     *           "detail": "this token lacks the write scope"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NotFound: no such resource for this partner and environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "NotFound",
                     *           "detail": "customer not found"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NotAcceptable: Accept does not admit application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "NotAcceptable",
                     *           "detail": "Accept must admit application/json"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict: the code says which (IdempotencyKeyInUse while a request with the key runs) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "DuplicateCustomer",
                     *           "detail": "a customer with this external_customer_id already exists"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PayloadTooLarge */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "PayloadTooLarge",
                     *           "detail": "the request body is larger than allowed"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UnsupportedMediaType */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "UnsupportedMediaType",
                     *           "detail": "Content-Type must be application/json"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description IdempotencyKeyReused: the key was used with another method, path or body */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "IdempotencyKeyReused",
                     *           "detail": "this Idempotency-Key was used with another method, path or body; use a new key for a new request",
                     *           "source": {
                     *             "parameter": "Idempotency-Key"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Throttled: too many requests for this token; Retry-After gives the seconds to wait */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "Throttled",
                     *           "detail": "too many requests: at most 600 a minute; retry in 12 s"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description ServerError: an unexpected failure of ours; meta.request_id names it in our logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ServerError",
                     *           "detail": "an unexpected error occurred",
                     *           "meta": {
                     *             "request_id": "4f6c1a2e-8d3b-4b7a-9c1e-2f5d6a7b8c9d"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getPrequalification: {
        parameters: {
            query: {
                /** @description The id answered by POST /prequalification_data */
                prequalification_data_id: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "prequalification_data_id": "b7c8d9e0-1f2a-4b3c-8d4e-5f6a7b8c9d0e",
                     *         "status": "processed",
                     *         "processed_at": "2026-07-01T09:30:00.000Z",
                     *         "reason": null,
                     *         "quotes": []
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            /** Format: uuid */
                            prequalification_data_id: string;
                            processed_at: string | null;
                            quotes: {
                                /** Format: uuid */
                                correlation_id: string;
                                duration_in_days: number | null;
                                expires_at: string | null;
                                external_customer_id: string;
                                fee_percentage: number | null;
                                max_amount: number | null;
                                monthly_interest_percentage: number | null;
                                prequalified: boolean;
                                /** @description Why the customer is not prequalified; null when prequalified */
                                reason: string | null;
                            }[];
                            /** @description Why the file failed (our addition); null otherwise */
                            reason: string | null;
                            /** @enum {string} */
                            status: "processing" | "processed" | "failed";
                        };
                    };
                };
            };
            /** @description Bad request: validation or domain error (source points at the problem) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ValidationError",
                     *           "detail": "company_number must be at most 50 characters",
                     *           "source": {
                     *             "pointer": "/data/company/company_number"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description AuthenticationFailed: missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "AuthenticationFailed",
                     *           "detail": "the token is unknown or revoked"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PermissionDenied: read-only token, sandbox route with a production token, or suspended partner */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "PermissionDenied",
                     *           "detail": "this token lacks the write scope"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NotFound: no such resource for this partner and environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "NotFound",
                     *           "detail": "customer not found"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NotAcceptable: Accept does not admit application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "NotAcceptable",
                     *           "detail": "Accept must admit application/json"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Throttled: too many requests for this token; Retry-After gives the seconds to wait */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "Throttled",
                     *           "detail": "too many requests: at most 600 a minute; retry in 12 s"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description ServerError: an unexpected failure of ours; meta.request_id names it in our logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ServerError",
                     *           "detail": "an unexpected error occurred",
                     *           "meta": {
                     *             "request_id": "4f6c1a2e-8d3b-4b7a-9c1e-2f5d6a7b8c9d"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createPrequalification: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: a repeat with the same key, method, path and body answers the first answer (Idempotent-Replayed: true) without doing it again, for 24 hours. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    data: {
                        /**
                         * @example [
                         *       {
                         *         "external_customer_id": "C-1001",
                         *         "company_name": "Acme Widgets Ltd",
                         *         "company_number": "01234567",
                         *         "trading_from_date": "2019-03-01",
                         *         "last_12_months_turnover": 250000,
                         *         "requested_amount": 25000
                         *       }
                         *     ]
                         */
                        customers: {
                            [key: string]: unknown;
                        }[];
                    };
                };
                "multipart/form-data": {
                    /** @description CSV with a header row (comma, semicolon or tab separated) or JSON ({"data": {"customers": [...]}}, {"customers": [...]} or an array); at most 20 MiB */
                    file: string;
                } | null;
            };
        };
        responses: {
            /** @description Accepted */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "prequalification_data_id": "b7c8d9e0-1f2a-4b3c-8d4e-5f6a7b8c9d0e",
                     *         "status": "processing"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            /** Format: uuid */
                            prequalification_data_id: string;
                            /** @enum {string} */
                            status: "processing";
                        };
                    };
                };
            };
            /** @description Bad request: validation or domain error (source points at the problem) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ValidationError",
                     *           "detail": "company_number must be at most 50 characters",
                     *           "source": {
                     *             "pointer": "/data/company/company_number"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description AuthenticationFailed: missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "AuthenticationFailed",
                     *           "detail": "the token is unknown or revoked"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PermissionDenied: read-only token, sandbox route with a production token, or suspended partner */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "PermissionDenied",
                     *           "detail": "this token lacks the write scope"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NotAcceptable: Accept does not admit application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "NotAcceptable",
                     *           "detail": "Accept must admit application/json"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict: the code says which (IdempotencyKeyInUse while a request with the key runs) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "DuplicateCustomer",
                     *           "detail": "a customer with this external_customer_id already exists"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PayloadTooLarge */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "PayloadTooLarge",
                     *           "detail": "the request body is larger than allowed"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UnsupportedMediaType */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "UnsupportedMediaType",
                     *           "detail": "Content-Type must be application/json"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description IdempotencyKeyReused: the key was used with another method, path or body */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "IdempotencyKeyReused",
                     *           "detail": "this Idempotency-Key was used with another method, path or body; use a new key for a new request",
                     *           "source": {
                     *             "parameter": "Idempotency-Key"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Throttled: too many requests for this token; Retry-After gives the seconds to wait */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "Throttled",
                     *           "detail": "too many requests: at most 600 a minute; retry in 12 s"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description ServerError: an unexpected failure of ours; meta.request_id names it in our logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ServerError",
                     *           "detail": "an unexpected error occurred",
                     *           "meta": {
                     *             "request_id": "4f6c1a2e-8d3b-4b7a-9c1e-2f5d6a7b8c9d"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listRequestLog: {
        parameters: {
            query?: {
                /** @description meta.next_cursor (or meta.previous_cursor) of a page of this list, read with the same filters; opaque. Absent: the first page */
                cursor?: string;
                /** @description Rows per page: 1 to 200, default 50 */
                limit?: string;
                /** @description succeeded: 2xx; failed: 4xx and 5xx */
                status?: "succeeded" | "failed";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "request_id": "req-3f1c",
                     *           "time": "2026-07-01T09:30:00.000Z",
                     *           "method": "POST",
                     *           "path": "/api/lending/v2.2/customers/3ada20af-1217-4192-883b-39fdda4b9110/applications/",
                     *           "status": 201,
                     *           "error_code": null,
                     *           "duration_ms": 42,
                     *           "idempotency_key": "app-crm-1042-1",
                     *           "api_version": "2.2"
                     *         }
                     *       ],
                     *       "meta": {
                     *         "next_cursor": "eyJzIjoiX0ZyVmRnV0NpRmRuMnRhSyIsImQiOiJhIiwiayI6WyIyMDI2LTA3LTAxVDA5OjMwOjAwLjAwMDAwMFoiLCIxMjM0NSJdfQ",
                     *         "previous_cursor": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            api_version: string;
                            duration_ms: number;
                            error_code: string | null;
                            idempotency_key: string | null;
                            method: string;
                            /** @description Without the query string */
                            path: string;
                            request_id: string;
                            status: number;
                            /** Format: date-time */
                            time: string;
                        }[];
                        meta: {
                            /** @description The next page: pass it as cursor. Null on the last page */
                            next_cursor: string | null;
                            /** @description The page before this one. Null on the first page */
                            previous_cursor: string | null;
                        };
                    };
                };
            };
            /** @description Bad request: validation or domain error (source points at the problem) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ValidationError",
                     *           "detail": "company_number must be at most 50 characters",
                     *           "source": {
                     *             "pointer": "/data/company/company_number"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description AuthenticationFailed: missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "AuthenticationFailed",
                     *           "detail": "the token is unknown or revoked"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PermissionDenied: read-only token, sandbox route with a production token, or suspended partner */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "PermissionDenied",
                     *           "detail": "this token lacks the write scope"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NotAcceptable: Accept does not admit application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "NotAcceptable",
                     *           "detail": "Accept must admit application/json"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Throttled: too many requests for this token; Retry-After gives the seconds to wait */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "Throttled",
                     *           "detail": "too many requests: at most 600 a minute; retry in 12 s"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description ServerError: an unexpected failure of ours; meta.request_id names it in our logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ServerError",
                     *           "detail": "an unexpected error occurred",
                     *           "meta": {
                     *             "request_id": "4f6c1a2e-8d3b-4b7a-9c1e-2f5d6a7b8c9d"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    sandboxDecideApplication: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: a repeat with the same key, method, path and body answers the first answer (Idempotent-Replayed: true) without doing it again, for 24 hours. */
                "idempotency-key"?: string;
            };
            path: {
                application_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "data": {
                 *         "outcome": "offered",
                 *         "offers": [
                 *           {
                 *             "product_type": "flexi_loan",
                 *             "max_amount": 50000,
                 *             "monthly_interest_percentage": 3,
                 *             "fee_percentage": 0,
                 *             "duration_in_days": 365
                 *           }
                 *         ]
                 *       }
                 *     }
                 */
                "application/json": {
                    data: {
                        offers?: {
                            duration_in_days: number;
                            fee_percentage: number;
                            max_amount: number;
                            monthly_interest_percentage: number;
                            /** @enum {string} */
                            product_type: "flexi_loan" | "business_loan";
                        }[];
                        /** @enum {string} */
                        outcome: "offered" | "declined" | "deferred" | "action_required" | "awaiting_underwriter";
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "application_id": "3a918145-5048-48f1-aaa0-586edeedc09f",
                     *         "customer_id": "3ada20af-1217-4192-883b-39fdda4b9110",
                     *         "status": "open",
                     *         "is_closed": false,
                     *         "is_topup": false,
                     *         "amount": 25000,
                     *         "requests": [
                     *           {
                     *             "amount": 25000,
                     *             "duration": {
                     *               "amount": 12,
                     *               "unit": "months"
                     *             },
                     *             "purpose": "stock",
                     *             "urgency": "weeks"
                     *           }
                     *         ],
                     *         "introducer": {
                     *           "entity_to_contact": "customer",
                     *           "introducer_id": null
                     *         },
                     *         "created_at": "2026-07-01T09:30:00.000Z",
                     *         "updated_at": "2026-07-01T09:30:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            amount: number;
                            /** Format: uuid */
                            application_id: string;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: uuid */
                            customer_id: string;
                            introducer: {
                                /** @enum {string} */
                                entity_to_contact: "customer" | "introducer";
                                introducer_id: string | null;
                            };
                            is_closed: boolean;
                            is_topup: boolean;
                            requests: {
                                amount: number;
                                detailed_purpose?: string;
                                duration?: {
                                    amount: number;
                                    unit: string;
                                };
                                purpose?: string;
                                urgency?: string;
                            }[];
                            /** @enum {string} */
                            status: "open" | "action_required" | "awaiting_underwriter" | "in_underwriting" | "offered" | "declined" | "deferred" | "expired" | "offer_revoked" | "funded";
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
            };
            /** @description Bad request: validation or domain error (source points at the problem) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ValidationError",
                     *           "detail": "company_number must be at most 50 characters",
                     *           "source": {
                     *             "pointer": "/data/company/company_number"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description AuthenticationFailed: missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "AuthenticationFailed",
                     *           "detail": "the token is unknown or revoked"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PermissionDenied: read-only token, sandbox route with a production token, or suspended partner */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "PermissionDenied",
                     *           "detail": "this token lacks the write scope"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NotFound: no such resource for this partner and environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "NotFound",
                     *           "detail": "customer not found"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NotAcceptable: Accept does not admit the answer */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "NotAcceptable",
                     *           "detail": "Accept must admit application/json"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict: the code says which */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "DuplicateCustomer",
                     *           "detail": "a customer with this external_customer_id already exists"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PayloadTooLarge */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "PayloadTooLarge",
                     *           "detail": "the request body is larger than allowed"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UnsupportedMediaType */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "UnsupportedMediaType",
                     *           "detail": "Content-Type must be application/json"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description IdempotencyKeyReused: the key was used with another method, path or body */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "IdempotencyKeyReused",
                     *           "detail": "this Idempotency-Key was used with another method, path or body; use a new key for a new request",
                     *           "source": {
                     *             "parameter": "Idempotency-Key"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Throttled: too many requests for this token; Retry-After gives the seconds to wait */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "Throttled",
                     *           "detail": "too many requests: at most 600 a minute; retry in 12 s"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description ServerError: an unexpected failure of ours; meta.request_id names it in our logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ServerError",
                     *           "detail": "an unexpected error occurred",
                     *           "meta": {
                     *             "request_id": "4f6c1a2e-8d3b-4b7a-9c1e-2f5d6a7b8c9d"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    sandboxPreApproveCustomer: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: a repeat with the same key, method, path and body answers the first answer (Idempotent-Replayed: true) without doing it again, for 24 hours. */
                "idempotency-key"?: string;
            };
            path: {
                customer_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "data": {
                 *         "max_amount": 20000,
                 *         "monthly_interest_percentage": 2.5,
                 *         "fee_percentage": 0,
                 *         "duration_in_days": 365,
                 *         "valid_for_days": 90
                 *       }
                 *     }
                 */
                "application/json": {
                    data: {
                        /** @example 365 */
                        duration_in_days: number;
                        /** @example 0 */
                        fee_percentage: number;
                        /** @example 20000 */
                        max_amount: number;
                        /** @example 2.5 */
                        monthly_interest_percentage: number;
                        /** @example 90 */
                        valid_for_days: number;
                    };
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "offer_id": "ee96144e-ab9b-4ea6-aa9d-78e722fcb400",
                     *         "max_amount": 20000,
                     *         "available_amount": 15000,
                     *         "monthly_interest_percentage": 2.5,
                     *         "fee_percentage": 0,
                     *         "duration_in_days": 365,
                     *         "expires_at": "2026-09-29T09:30:00.000Z",
                     *         "status": "funded"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            /** @description What can still be drawn: max_amount less what was drawn; 0 once expired or revoked */
                            available_amount: number;
                            duration_in_days: number;
                            /** Format: date-time */
                            expires_at: string;
                            fee_percentage: number;
                            max_amount: number;
                            monthly_interest_percentage: number;
                            /** Format: uuid */
                            offer_id: string;
                            /** @enum {string} */
                            status: "available" | "funded" | "expired" | "revoked";
                        };
                    };
                };
            };
            /** @description Bad request: validation or domain error (source points at the problem) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ValidationError",
                     *           "detail": "company_number must be at most 50 characters",
                     *           "source": {
                     *             "pointer": "/data/company/company_number"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description AuthenticationFailed: missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "AuthenticationFailed",
                     *           "detail": "the token is unknown or revoked"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PermissionDenied: read-only token, sandbox route with a production token, or suspended partner */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "PermissionDenied",
                     *           "detail": "this token lacks the write scope"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NotFound: no such resource for this partner and environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "NotFound",
                     *           "detail": "customer not found"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NotAcceptable: Accept does not admit the answer */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "NotAcceptable",
                     *           "detail": "Accept must admit application/json"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict: the code says which (IdempotencyKeyInUse while a request with the key runs) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "DuplicateCustomer",
                     *           "detail": "a customer with this external_customer_id already exists"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PayloadTooLarge */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "PayloadTooLarge",
                     *           "detail": "the request body is larger than allowed"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UnsupportedMediaType */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "UnsupportedMediaType",
                     *           "detail": "Content-Type must be application/json"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description IdempotencyKeyReused: the key was used with another method, path or body */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "IdempotencyKeyReused",
                     *           "detail": "this Idempotency-Key was used with another method, path or body; use a new key for a new request",
                     *           "source": {
                     *             "parameter": "Idempotency-Key"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Throttled: too many requests for this token; Retry-After gives the seconds to wait */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "Throttled",
                     *           "detail": "too many requests: at most 600 a minute; retry in 12 s"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description ServerError: an unexpected failure of ours; meta.request_id names it in our logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ServerError",
                     *           "detail": "an unexpected error occurred",
                     *           "meta": {
                     *             "request_id": "4f6c1a2e-8d3b-4b7a-9c1e-2f5d6a7b8c9d"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    sandboxSettleLoan: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: a repeat with the same key, method, path and body answers the first answer (Idempotent-Replayed: true) without doing it again, for 24 hours. */
                "idempotency-key"?: string;
            };
            path: {
                loan_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "data": {
                 *         "on": "2026-04-01"
                 *       }
                 *     }
                 */
                "application/json": {
                    data: {
                        /**
                         * Format: date
                         * @description YYYY-MM-DD
                         */
                        on?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "loan_id": "54a8853b-8740-400e-a61e-147028d873e2",
                     *         "customer_id": "3ada20af-1217-4192-883b-39fdda4b9110",
                     *         "offer_id": "ee96144e-ab9b-4ea6-aa9d-78e722fcb400",
                     *         "application_id": "3a918145-5048-48f1-aaa0-586edeedc09f",
                     *         "funded_on": "2026-01-15",
                     *         "amount": 10000,
                     *         "status": "settled",
                     *         "balance": {
                     *           "principal": 0,
                     *           "interest": 0,
                     *           "fees": 0,
                     *           "total": 0
                     *         },
                     *         "next_repayment": null,
                     *         "arrears": {
                     *           "amount": 0,
                     *           "days_past_due": 0,
                     *           "oldest_due_date": null
                     *         },
                     *         "repayments": [
                     *           {
                     *             "date": "2026-02-15",
                     *             "amount": 2800,
                     *             "breakdown": {
                     *               "fees": 0,
                     *               "interest": 300,
                     *               "principal": 2500
                     *             },
                     *             "status": "collected",
                     *             "collected_on": "2026-02-15"
                     *           },
                     *           {
                     *             "date": "2026-03-15",
                     *             "amount": 2725,
                     *             "breakdown": {
                     *               "fees": 0,
                     *               "interest": 225,
                     *               "principal": 2500
                     *             },
                     *             "status": "collected",
                     *             "collected_on": "2026-04-01"
                     *           },
                     *           {
                     *             "date": "2026-04-01",
                     *             "amount": 5082.26,
                     *             "breakdown": {
                     *               "fees": 0,
                     *               "interest": 82.26,
                     *               "principal": 5000
                     *             },
                     *             "status": "collected",
                     *             "collected_on": "2026-04-01"
                     *           }
                     *         ],
                     *         "withdrawal": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Loan"];
                    };
                };
            };
            /** @description Bad request: validation or domain error (source points at the problem) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ValidationError",
                     *           "detail": "company_number must be at most 50 characters",
                     *           "source": {
                     *             "pointer": "/data/company/company_number"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description AuthenticationFailed: missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "AuthenticationFailed",
                     *           "detail": "the token is unknown or revoked"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PermissionDenied: read-only token, sandbox route with a production token, or suspended partner */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "PermissionDenied",
                     *           "detail": "this token lacks the write scope"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NotFound: no such resource for this partner and environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "NotFound",
                     *           "detail": "customer not found"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NotAcceptable: Accept does not admit the answer */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "NotAcceptable",
                     *           "detail": "Accept must admit application/json"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict: the code says which */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "DuplicateCustomer",
                     *           "detail": "a customer with this external_customer_id already exists"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PayloadTooLarge */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "PayloadTooLarge",
                     *           "detail": "the request body is larger than allowed"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UnsupportedMediaType */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "UnsupportedMediaType",
                     *           "detail": "Content-Type must be application/json"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description IdempotencyKeyReused: the key was used with another method, path or body */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "IdempotencyKeyReused",
                     *           "detail": "this Idempotency-Key was used with another method, path or body; use a new key for a new request",
                     *           "source": {
                     *             "parameter": "Idempotency-Key"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Throttled: too many requests for this token; Retry-After gives the seconds to wait */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "Throttled",
                     *           "detail": "too many requests: at most 600 a minute; retry in 12 s"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description ServerError: an unexpected failure of ours; meta.request_id names it in our logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ServerError",
                     *           "detail": "an unexpected error occurred",
                     *           "meta": {
                     *             "request_id": "4f6c1a2e-8d3b-4b7a-9c1e-2f5d6a7b8c9d"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    sandboxSimulateLoanCollections: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: a repeat with the same key, method, path and body answers the first answer (Idempotent-Replayed: true) without doing it again, for 24 hours. */
                "idempotency-key"?: string;
            };
            path: {
                loan_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "data": {
                 *         "until": "2026-03-15",
                 *         "missed": [
                 *           "2026-03-15"
                 *         ]
                 *       }
                 *     }
                 */
                "application/json": {
                    data: {
                        missed?: string[];
                        /**
                         * Format: date
                         * @description YYYY-MM-DD
                         */
                        until: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "loan_id": "54a8853b-8740-400e-a61e-147028d873e2",
                     *         "customer_id": "3ada20af-1217-4192-883b-39fdda4b9110",
                     *         "offer_id": "ee96144e-ab9b-4ea6-aa9d-78e722fcb400",
                     *         "application_id": "3a918145-5048-48f1-aaa0-586edeedc09f",
                     *         "funded_on": "2026-01-15",
                     *         "amount": 10000,
                     *         "status": "in_arrears",
                     *         "balance": {
                     *           "principal": 7500,
                     *           "interest": 450,
                     *           "fees": 0,
                     *           "total": 7950
                     *         },
                     *         "next_repayment": {
                     *           "date": "2026-04-15",
                     *           "amount": 2650
                     *         },
                     *         "arrears": {
                     *           "amount": 2725,
                     *           "days_past_due": 5,
                     *           "oldest_due_date": "2026-03-15"
                     *         },
                     *         "repayments": [
                     *           {
                     *             "date": "2026-02-15",
                     *             "amount": 2800,
                     *             "breakdown": {
                     *               "fees": 0,
                     *               "interest": 300,
                     *               "principal": 2500
                     *             },
                     *             "status": "collected",
                     *             "collected_on": "2026-02-15"
                     *           },
                     *           {
                     *             "date": "2026-03-15",
                     *             "amount": 2725,
                     *             "breakdown": {
                     *               "fees": 0,
                     *               "interest": 225,
                     *               "principal": 2500
                     *             },
                     *             "status": "missed"
                     *           },
                     *           {
                     *             "date": "2026-04-15",
                     *             "amount": 2650,
                     *             "breakdown": {
                     *               "fees": 0,
                     *               "interest": 150,
                     *               "principal": 2500
                     *             },
                     *             "status": "scheduled"
                     *           },
                     *           {
                     *             "date": "2026-05-15",
                     *             "amount": 2575,
                     *             "breakdown": {
                     *               "fees": 0,
                     *               "interest": 75,
                     *               "principal": 2500
                     *             },
                     *             "status": "scheduled"
                     *           }
                     *         ],
                     *         "withdrawal": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Loan"];
                    };
                };
            };
            /** @description Bad request: validation or domain error (source points at the problem) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ValidationError",
                     *           "detail": "company_number must be at most 50 characters",
                     *           "source": {
                     *             "pointer": "/data/company/company_number"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description AuthenticationFailed: missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "AuthenticationFailed",
                     *           "detail": "the token is unknown or revoked"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PermissionDenied: read-only token, sandbox route with a production token, or suspended partner */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "PermissionDenied",
                     *           "detail": "this token lacks the write scope"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NotFound: no such resource for this partner and environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "NotFound",
                     *           "detail": "customer not found"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NotAcceptable: Accept does not admit the answer */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "NotAcceptable",
                     *           "detail": "Accept must admit application/json"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict: the code says which */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "DuplicateCustomer",
                     *           "detail": "a customer with this external_customer_id already exists"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PayloadTooLarge */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "PayloadTooLarge",
                     *           "detail": "the request body is larger than allowed"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UnsupportedMediaType */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "UnsupportedMediaType",
                     *           "detail": "Content-Type must be application/json"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description IdempotencyKeyReused: the key was used with another method, path or body */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "IdempotencyKeyReused",
                     *           "detail": "this Idempotency-Key was used with another method, path or body; use a new key for a new request",
                     *           "source": {
                     *             "parameter": "Idempotency-Key"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Throttled: too many requests for this token; Retry-After gives the seconds to wait */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "Throttled",
                     *           "detail": "too many requests: at most 600 a minute; retry in 12 s"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description ServerError: an unexpected failure of ours; meta.request_id names it in our logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ServerError",
                     *           "detail": "an unexpected error occurred",
                     *           "meta": {
                     *             "request_id": "4f6c1a2e-8d3b-4b7a-9c1e-2f5d6a7b8c9d"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    sandboxFundOffer: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: a repeat with the same key, method, path and body answers the first answer (Idempotent-Replayed: true) without doing it again, for 24 hours. */
                "idempotency-key"?: string;
            };
            path: {
                offer_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "data": {
                 *         "amount": 10000
                 *       }
                 *     }
                 */
                "application/json": {
                    data: {
                        amount: number;
                    };
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "funding_id": "54a8853b-8740-400e-a61e-147028d873e2",
                     *         "offer_id": "ee96144e-ab9b-4ea6-aa9d-78e722fcb400",
                     *         "application_id": "3a918145-5048-48f1-aaa0-586edeedc09f",
                     *         "customer_id": "3ada20af-1217-4192-883b-39fdda4b9110",
                     *         "funding_amount": 10000,
                     *         "funding_fee_amount": 0,
                     *         "funding_created_at": "2026-07-01T09:30:00.000Z",
                     *         "offer_max_amount": 50000,
                     *         "paid_to": {
                     *           "funding_account_id": null,
                     *           "sort_code": "00-00-00",
                     *           "account_number_ending": "0000",
                     *           "simulated": true
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            application_id: string | null;
                            /** Format: uuid */
                            customer_id: string;
                            funding_amount: number;
                            /** Format: date-time */
                            funding_created_at: string;
                            funding_fee_amount: number;
                            /** Format: uuid */
                            funding_id: string;
                            /** Format: uuid */
                            offer_id: string;
                            offer_max_amount: number;
                            /** @description The account the funding was paid into (our addition) */
                            paid_to: {
                                /** @example 4958 */
                                account_number_ending: string;
                                /** @description null for the sandbox’s simulated account */
                                funding_account_id: string | null;
                                /** @description true when a sandbox drawdown without a funding account was paid to a simulated account */
                                simulated: boolean;
                                /** @example 08-99-99 */
                                sort_code: string;
                            } | null;
                        };
                    };
                };
            };
            /** @description Bad request: validation or domain error (source points at the problem) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ValidationError",
                     *           "detail": "company_number must be at most 50 characters",
                     *           "source": {
                     *             "pointer": "/data/company/company_number"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description AuthenticationFailed: missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "AuthenticationFailed",
                     *           "detail": "the token is unknown or revoked"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PermissionDenied: read-only token, sandbox route with a production token, or suspended partner */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "PermissionDenied",
                     *           "detail": "this token lacks the write scope"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NotFound: no such resource for this partner and environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "NotFound",
                     *           "detail": "customer not found"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NotAcceptable: Accept does not admit the answer */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "NotAcceptable",
                     *           "detail": "Accept must admit application/json"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict: the code says which (IdempotencyKeyInUse while a request with the key runs) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "DuplicateCustomer",
                     *           "detail": "a customer with this external_customer_id already exists"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PayloadTooLarge */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "PayloadTooLarge",
                     *           "detail": "the request body is larger than allowed"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UnsupportedMediaType */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "UnsupportedMediaType",
                     *           "detail": "Content-Type must be application/json"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description IdempotencyKeyReused: the key was used with another method, path or body */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "IdempotencyKeyReused",
                     *           "detail": "this Idempotency-Key was used with another method, path or body; use a new key for a new request",
                     *           "source": {
                     *             "parameter": "Idempotency-Key"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Throttled: too many requests for this token; Retry-After gives the seconds to wait */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "Throttled",
                     *           "detail": "too many requests: at most 600 a minute; retry in 12 s"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description ServerError: an unexpected failure of ours; meta.request_id names it in our logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ServerError",
                     *           "detail": "an unexpected error occurred",
                     *           "meta": {
                     *             "request_id": "4f6c1a2e-8d3b-4b7a-9c1e-2f5d6a7b8c9d"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createTestClock: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: a repeat with the same key, method, path and body answers the first answer (Idempotent-Replayed: true) without doing it again, for 24 hours. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "data": {
                 *         "name": "A year of repayments"
                 *       }
                 *     }
                 */
                "application/json": {
                    data: {
                        name?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "test_clock_id": "7c1f5a3e-2d4b-4e6f-8a9b-0c1d2e3f4a5b",
                     *         "name": "A year of repayments",
                     *         "frozen_on": "2026-11-27",
                     *         "status": "ready",
                     *         "customer_count": 0,
                     *         "created_at": "2026-11-27T09:30:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["TestClock"];
                    };
                };
            };
            /** @description Bad request: validation or domain error (source points at the problem) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ValidationError",
                     *           "detail": "company_number must be at most 50 characters",
                     *           "source": {
                     *             "pointer": "/data/company/company_number"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description AuthenticationFailed: missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "AuthenticationFailed",
                     *           "detail": "the token is unknown or revoked"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PermissionDenied: read-only token, sandbox route with a production token, or suspended partner */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "PermissionDenied",
                     *           "detail": "this token lacks the write scope"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NotAcceptable: Accept does not admit application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "NotAcceptable",
                     *           "detail": "Accept must admit application/json"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict: the code says which (IdempotencyKeyInUse while a request with the key runs) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "DuplicateCustomer",
                     *           "detail": "a customer with this external_customer_id already exists"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PayloadTooLarge */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "PayloadTooLarge",
                     *           "detail": "the request body is larger than allowed"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UnsupportedMediaType */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "UnsupportedMediaType",
                     *           "detail": "Content-Type must be application/json"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description IdempotencyKeyReused: the key was used with another method, path or body */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "IdempotencyKeyReused",
                     *           "detail": "this Idempotency-Key was used with another method, path or body; use a new key for a new request",
                     *           "source": {
                     *             "parameter": "Idempotency-Key"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Throttled: too many requests for this token; Retry-After gives the seconds to wait */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "Throttled",
                     *           "detail": "too many requests: at most 600 a minute; retry in 12 s"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description ServerError: an unexpected failure of ours; meta.request_id names it in our logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ServerError",
                     *           "detail": "an unexpected error occurred",
                     *           "meta": {
                     *             "request_id": "4f6c1a2e-8d3b-4b7a-9c1e-2f5d6a7b8c9d"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listTestClocks: {
        parameters: {
            query?: {
                /** @description meta.next_cursor (or meta.previous_cursor) of a page of this list, read with the same filters; opaque. Absent: the first page */
                cursor?: string;
                /** @description Rows per page: 1 to 200, default 50 */
                limit?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "test_clock_id": "7c1f5a3e-2d4b-4e6f-8a9b-0c1d2e3f4a5b",
                     *           "name": "A year of repayments",
                     *           "frozen_on": "2026-11-27",
                     *           "status": "ready",
                     *           "customer_count": 1,
                     *           "created_at": "2026-11-27T09:30:00.000Z"
                     *         }
                     *       ],
                     *       "meta": {
                     *         "next_cursor": null,
                     *         "previous_cursor": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["TestClock"][];
                        meta: {
                            /** @description The next page: pass it as cursor. Null on the last page */
                            next_cursor: string | null;
                            /** @description The page before this one. Null on the first page */
                            previous_cursor: string | null;
                        };
                    };
                };
            };
            /** @description Bad request: validation or domain error (source points at the problem) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ValidationError",
                     *           "detail": "company_number must be at most 50 characters",
                     *           "source": {
                     *             "pointer": "/data/company/company_number"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description AuthenticationFailed: missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "AuthenticationFailed",
                     *           "detail": "the token is unknown or revoked"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PermissionDenied: read-only token, sandbox route with a production token, or suspended partner */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "PermissionDenied",
                     *           "detail": "this token lacks the write scope"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NotAcceptable: Accept does not admit application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "NotAcceptable",
                     *           "detail": "Accept must admit application/json"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Throttled: too many requests for this token; Retry-After gives the seconds to wait */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "Throttled",
                     *           "detail": "too many requests: at most 600 a minute; retry in 12 s"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description ServerError: an unexpected failure of ours; meta.request_id names it in our logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ServerError",
                     *           "detail": "an unexpected error occurred",
                     *           "meta": {
                     *             "request_id": "4f6c1a2e-8d3b-4b7a-9c1e-2f5d6a7b8c9d"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getTestClock: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                test_clock_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "test_clock_id": "7c1f5a3e-2d4b-4e6f-8a9b-0c1d2e3f4a5b",
                     *         "name": "A year of repayments",
                     *         "frozen_on": "2026-11-27",
                     *         "status": "ready",
                     *         "customer_count": 1,
                     *         "created_at": "2026-11-27T09:30:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["TestClock"];
                    };
                };
            };
            /** @description Bad request: validation or domain error (source points at the problem) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ValidationError",
                     *           "detail": "company_number must be at most 50 characters",
                     *           "source": {
                     *             "pointer": "/data/company/company_number"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description AuthenticationFailed: missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "AuthenticationFailed",
                     *           "detail": "the token is unknown or revoked"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PermissionDenied: read-only token, sandbox route with a production token, or suspended partner */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "PermissionDenied",
                     *           "detail": "this token lacks the write scope"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NotFound: no such resource for this partner and environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "NotFound",
                     *           "detail": "customer not found"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NotAcceptable: Accept does not admit application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "NotAcceptable",
                     *           "detail": "Accept must admit application/json"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Throttled: too many requests for this token; Retry-After gives the seconds to wait */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "Throttled",
                     *           "detail": "too many requests: at most 600 a minute; retry in 12 s"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description ServerError: an unexpected failure of ours; meta.request_id names it in our logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ServerError",
                     *           "detail": "an unexpected error occurred",
                     *           "meta": {
                     *             "request_id": "4f6c1a2e-8d3b-4b7a-9c1e-2f5d6a7b8c9d"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteTestClock: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                test_clock_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content: no body */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request: validation or domain error (source points at the problem) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ValidationError",
                     *           "detail": "company_number must be at most 50 characters",
                     *           "source": {
                     *             "pointer": "/data/company/company_number"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description AuthenticationFailed: missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "AuthenticationFailed",
                     *           "detail": "the token is unknown or revoked"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PermissionDenied: read-only token, sandbox route with a production token, or suspended partner */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "PermissionDenied",
                     *           "detail": "this token lacks the write scope"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NotFound: no such resource for this partner and environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "NotFound",
                     *           "detail": "customer not found"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NotAcceptable: Accept does not admit application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "NotAcceptable",
                     *           "detail": "Accept must admit application/json"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PayloadTooLarge */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "PayloadTooLarge",
                     *           "detail": "the request body is larger than allowed"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UnsupportedMediaType */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "UnsupportedMediaType",
                     *           "detail": "Content-Type must be application/json"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Throttled: too many requests for this token; Retry-After gives the seconds to wait */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "Throttled",
                     *           "detail": "too many requests: at most 600 a minute; retry in 12 s"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description ServerError: an unexpected failure of ours; meta.request_id names it in our logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ServerError",
                     *           "detail": "an unexpected error occurred",
                     *           "meta": {
                     *             "request_id": "4f6c1a2e-8d3b-4b7a-9c1e-2f5d6a7b8c9d"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    advanceTestClock: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: a repeat with the same key, method, path and body answers the first answer (Idempotent-Replayed: true) without doing it again, for 24 hours. */
                "idempotency-key"?: string;
            };
            path: {
                test_clock_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "data": {
                 *         "to": "2027-11-27",
                 *         "missed": [
                 *           "2027-03-15"
                 *         ]
                 *       }
                 *     }
                 */
                "application/json": {
                    data: {
                        /** @description Days of this advance on which the Direct Debit of every repayment due is missed instead of collected */
                        missed?: string[];
                        /**
                         * Format: date
                         * @description YYYY-MM-DD: after the clock's date, at most two years after it
                         */
                        to: string;
                    };
                };
            };
        };
        responses: {
            /** @description Accepted */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "test_clock_id": "7c1f5a3e-2d4b-4e6f-8a9b-0c1d2e3f4a5b",
                     *         "name": "A year of repayments",
                     *         "frozen_on": "2026-11-27",
                     *         "status": "advancing",
                     *         "customer_count": 1,
                     *         "created_at": "2026-11-27T09:30:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["TestClock"];
                    };
                };
            };
            /** @description Bad request: validation or domain error (source points at the problem) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ValidationError",
                     *           "detail": "company_number must be at most 50 characters",
                     *           "source": {
                     *             "pointer": "/data/company/company_number"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description AuthenticationFailed: missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "AuthenticationFailed",
                     *           "detail": "the token is unknown or revoked"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PermissionDenied: read-only token, sandbox route with a production token, or suspended partner */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "PermissionDenied",
                     *           "detail": "this token lacks the write scope"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NotFound: no such resource for this partner and environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "NotFound",
                     *           "detail": "customer not found"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NotAcceptable: Accept does not admit application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "NotAcceptable",
                     *           "detail": "Accept must admit application/json"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict: the code says which */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "DuplicateCustomer",
                     *           "detail": "a customer with this external_customer_id already exists"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PayloadTooLarge */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "PayloadTooLarge",
                     *           "detail": "the request body is larger than allowed"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UnsupportedMediaType */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "UnsupportedMediaType",
                     *           "detail": "Content-Type must be application/json"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description IdempotencyKeyReused: the key was used with another method, path or body */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "IdempotencyKeyReused",
                     *           "detail": "this Idempotency-Key was used with another method, path or body; use a new key for a new request",
                     *           "source": {
                     *             "parameter": "Idempotency-Key"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Throttled: too many requests for this token; Retry-After gives the seconds to wait */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "Throttled",
                     *           "detail": "too many requests: at most 600 a minute; retry in 12 s"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description ServerError: an unexpected failure of ours; meta.request_id names it in our logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ServerError",
                     *           "detail": "an unexpected error occurred",
                     *           "meta": {
                     *             "request_id": "4f6c1a2e-8d3b-4b7a-9c1e-2f5d6a7b8c9d"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    sandboxTestEvent: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: a repeat with the same key, method, path and body answers the first answer (Idempotent-Replayed: true) without doing it again, for 24 hours. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "data": {
                 *         "webhook_event_type": "application_offered"
                 *       }
                 *     }
                 */
                "application/json": {
                    data: {
                        webhook_event_type: string;
                    };
                };
            };
        };
        responses: {
            /** @description Accepted */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "event_id": "e2016269-0937-4383-9d87-5624750272e9",
                     *         "webhook_event_type": "application_offered",
                     *         "status": "queued"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            /** Format: uuid */
                            event_id: string;
                            /** @enum {string} */
                            status: "queued";
                            webhook_event_type?: string;
                        };
                    };
                };
            };
            /** @description Bad request: validation or domain error (source points at the problem) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ValidationError",
                     *           "detail": "company_number must be at most 50 characters",
                     *           "source": {
                     *             "pointer": "/data/company/company_number"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description AuthenticationFailed: missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "AuthenticationFailed",
                     *           "detail": "the token is unknown or revoked"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PermissionDenied: read-only token, sandbox route with a production token, or suspended partner */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "PermissionDenied",
                     *           "detail": "this token lacks the write scope"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NotAcceptable: Accept does not admit application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "NotAcceptable",
                     *           "detail": "Accept must admit application/json"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict: the code says which (IdempotencyKeyInUse while a request with the key runs) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "DuplicateCustomer",
                     *           "detail": "a customer with this external_customer_id already exists"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PayloadTooLarge */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "PayloadTooLarge",
                     *           "detail": "the request body is larger than allowed"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UnsupportedMediaType */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "UnsupportedMediaType",
                     *           "detail": "Content-Type must be application/json"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description IdempotencyKeyReused: the key was used with another method, path or body */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "IdempotencyKeyReused",
                     *           "detail": "this Idempotency-Key was used with another method, path or body; use a new key for a new request",
                     *           "source": {
                     *             "parameter": "Idempotency-Key"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Throttled: too many requests for this token; Retry-After gives the seconds to wait */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "Throttled",
                     *           "detail": "too many requests: at most 600 a minute; retry in 12 s"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description ServerError: an unexpected failure of ours; meta.request_id names it in our logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ServerError",
                     *           "detail": "an unexpected error occurred",
                     *           "meta": {
                     *             "request_id": "4f6c1a2e-8d3b-4b7a-9c1e-2f5d6a7b8c9d"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getWebhookConfiguration: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "url": "https://partner.example.com/hooks",
                     *         "has_token": true
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            has_token: boolean;
                            url: string | null;
                        };
                    };
                };
            };
            /** @description Bad request: validation or domain error (source points at the problem) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ValidationError",
                     *           "detail": "company_number must be at most 50 characters",
                     *           "source": {
                     *             "pointer": "/data/company/company_number"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description AuthenticationFailed: missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "AuthenticationFailed",
                     *           "detail": "the token is unknown or revoked"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PermissionDenied: read-only token, sandbox route with a production token, or suspended partner */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "PermissionDenied",
                     *           "detail": "this token lacks the write scope"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NotAcceptable: Accept does not admit application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "NotAcceptable",
                     *           "detail": "Accept must admit application/json"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Throttled: too many requests for this token; Retry-After gives the seconds to wait */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "Throttled",
                     *           "detail": "too many requests: at most 600 a minute; retry in 12 s"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description ServerError: an unexpected failure of ours; meta.request_id names it in our logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ServerError",
                     *           "detail": "an unexpected error occurred",
                     *           "meta": {
                     *             "request_id": "4f6c1a2e-8d3b-4b7a-9c1e-2f5d6a7b8c9d"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    setWebhookConfiguration: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "data": {
                 *         "url": "https://partner.example.com/hooks",
                 *         "token": "partner-shared-token"
                 *       }
                 *     }
                 */
                "application/json": {
                    data: {
                        token?: string | null;
                        /** Format: uri */
                        url: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "url": "https://partner.example.com/hooks",
                     *         "has_token": true
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            has_token: boolean;
                            url: string | null;
                        };
                    };
                };
            };
            /** @description Bad request: validation or domain error (source points at the problem) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ValidationError",
                     *           "detail": "company_number must be at most 50 characters",
                     *           "source": {
                     *             "pointer": "/data/company/company_number"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description AuthenticationFailed: missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "AuthenticationFailed",
                     *           "detail": "the token is unknown or revoked"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PermissionDenied: read-only token, sandbox route with a production token, or suspended partner */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "PermissionDenied",
                     *           "detail": "this token lacks the write scope"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NotAcceptable: Accept does not admit application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "NotAcceptable",
                     *           "detail": "Accept must admit application/json"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PayloadTooLarge */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "PayloadTooLarge",
                     *           "detail": "the request body is larger than allowed"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UnsupportedMediaType */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "UnsupportedMediaType",
                     *           "detail": "Content-Type must be application/json"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Throttled: too many requests for this token; Retry-After gives the seconds to wait */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "Throttled",
                     *           "detail": "too many requests: at most 600 a minute; retry in 12 s"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description ServerError: an unexpected failure of ours; meta.request_id names it in our logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ServerError",
                     *           "detail": "an unexpected error occurred",
                     *           "meta": {
                     *             "request_id": "4f6c1a2e-8d3b-4b7a-9c1e-2f5d6a7b8c9d"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listDeliveries: {
        parameters: {
            query?: {
                /** @description meta.next_cursor (or meta.previous_cursor) of a page of this list, read with the same filters; opaque. Absent: the first page */
                cursor?: string;
                event_id?: string;
                /** @description Rows per page: 1 to 200, default 50 */
                limit?: string;
                status?: "succeeded" | "failed";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "deliveries": [
                     *           {
                     *             "delivery_id": "7d0f6a4e-1c55-4d2f-9f0e-3a1b2c3d4e5f",
                     *             "event_id": "e2016269-0937-4383-9d87-5624750272e9",
                     *             "webhook_event_type": "application_attributed",
                     *             "attempt": 1,
                     *             "attempted_at": "2026-07-01T09:30:00.000Z",
                     *             "url": "https://partner.example.com/hooks",
                     *             "status": "succeeded",
                     *             "response_status": 200,
                     *             "duration_ms": 84,
                     *             "error": null,
                     *             "next_attempt_at": null
                     *           }
                     *         ],
                     *         "next_cursor": "eyJzIjoiX0ZyVmRnV0NpRmRuMnRhSyIsImQiOiJhIiwiayI6WyIyMDI2LTA3LTAxVDA5OjMwOjAwLjAwMDAwMFoiLCIxMjM0NSJdfQ"
                     *       },
                     *       "meta": {
                     *         "next_cursor": "eyJzIjoiX0ZyVmRnV0NpRmRuMnRhSyIsImQiOiJhIiwiayI6WyIyMDI2LTA3LTAxVDA5OjMwOjAwLjAwMDAwMFoiLCIxMjM0NSJdfQ",
                     *         "previous_cursor": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            deliveries: {
                                attempt: number;
                                /** Format: date-time */
                                attempted_at: string;
                                /** Format: uuid */
                                delivery_id: string;
                                duration_ms: number;
                                error: string | null;
                                /** Format: uuid */
                                event_id: string;
                                next_attempt_at: string | null;
                                response_status: number | null;
                                status: string;
                                url: string;
                                webhook_event_type: string;
                            }[];
                            /** @description meta.next_cursor, also here for clients of earlier versions */
                            next_cursor: string | null;
                        };
                        meta: {
                            /** @description The next page: pass it as cursor. Null on the last page */
                            next_cursor: string | null;
                            /** @description The page before this one. Null on the first page */
                            previous_cursor: string | null;
                        };
                    };
                };
            };
            /** @description Bad request: validation or domain error (source points at the problem) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ValidationError",
                     *           "detail": "company_number must be at most 50 characters",
                     *           "source": {
                     *             "pointer": "/data/company/company_number"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description AuthenticationFailed: missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "AuthenticationFailed",
                     *           "detail": "the token is unknown or revoked"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PermissionDenied: read-only token, sandbox route with a production token, or suspended partner */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "PermissionDenied",
                     *           "detail": "this token lacks the write scope"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NotAcceptable: Accept does not admit application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "NotAcceptable",
                     *           "detail": "Accept must admit application/json"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Throttled: too many requests for this token; Retry-After gives the seconds to wait */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "Throttled",
                     *           "detail": "too many requests: at most 600 a minute; retry in 12 s"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description ServerError: an unexpected failure of ours; meta.request_id names it in our logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ServerError",
                     *           "detail": "an unexpected error occurred",
                     *           "meta": {
                     *             "request_id": "4f6c1a2e-8d3b-4b7a-9c1e-2f5d6a7b8c9d"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listEventTypes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "webhook_event_types": [
                     *           {
                     *             "webhook_event_type": "application_attributed",
                     *             "description": "An application is created for a customer and attributed to you."
                     *           },
                     *           {
                     *             "webhook_event_type": "application_offered",
                     *             "description": "The customer receives a confirmed offer for an application."
                     *           },
                     *           {
                     *             "webhook_event_type": "application_declined",
                     *             "description": "An application is declined."
                     *           },
                     *           {
                     *             "webhook_event_type": "application_deferred",
                     *             "description": "An application is closed without an approve or decline decision."
                     *           },
                     *           {
                     *             "webhook_event_type": "application_status_changed",
                     *             "description": "The status of an application changes."
                     *           },
                     *           {
                     *             "webhook_event_type": "indicative_offer_created",
                     *             "description": "An indicative offer is created for a customer."
                     *           },
                     *           {
                     *             "webhook_event_type": "customer_funded",
                     *             "description": "A customer draws funds from an offer that originated from one of your applications."
                     *           },
                     *           {
                     *             "webhook_event_type": "funding_created_202607",
                     *             "description": "Funds are sent to a customer; carries the funding and the offer it was drawn from."
                     *           },
                     *           {
                     *             "webhook_event_type": "prequalification_202505",
                     *             "description": "A prequalification data file has been processed; holds a quote for each unique external_customer_id in the file."
                     *           },
                     *           {
                     *             "webhook_event_type": "prequalification_data_file_processed_202510",
                     *             "description": "A prequalification data file has been processed; holds only prequalification_data_id, to pass to GET /prequalification_data."
                     *           },
                     *           {
                     *             "webhook_event_type": "loan_repayment_collected_202611",
                     *             "description": "A loan's repayment is collected (on its date, or late after a missed collection)."
                     *           },
                     *           {
                     *             "webhook_event_type": "loan_repayment_missed_202611",
                     *             "description": "A loan's repayment could not be collected on its date: the loan is in arrears."
                     *           },
                     *           {
                     *             "webhook_event_type": "loan_settled_202611",
                     *             "description": "A loan is repaid in full: its last repayment collected, or settled early for the settlement figure."
                     *           },
                     *           {
                     *             "webhook_event_type": "loan_withdrawn_202611",
                     *             "description": "The customer gives notice of withdrawal from a regulated loan (Consumer Credit Act s.66A): they repay what they drew plus daily interest by repay_by."
                     *           },
                     *           {
                     *             "webhook_event_type": "test_clock_ready_202611",
                     *             "description": "Sandbox only: a test clock has played every day of its advance and is ready at frozen_on."
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            webhook_event_types: {
                                description: string;
                                webhook_event_type: string;
                            }[];
                        };
                    };
                };
            };
            /** @description Bad request: validation or domain error (source points at the problem) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ValidationError",
                     *           "detail": "company_number must be at most 50 characters",
                     *           "source": {
                     *             "pointer": "/data/company/company_number"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description AuthenticationFailed: missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "AuthenticationFailed",
                     *           "detail": "the token is unknown or revoked"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PermissionDenied: read-only token, sandbox route with a production token, or suspended partner */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "PermissionDenied",
                     *           "detail": "this token lacks the write scope"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NotAcceptable: Accept does not admit application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "NotAcceptable",
                     *           "detail": "Accept must admit application/json"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Throttled: too many requests for this token; Retry-After gives the seconds to wait */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "Throttled",
                     *           "detail": "too many requests: at most 600 a minute; retry in 12 s"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description ServerError: an unexpected failure of ours; meta.request_id names it in our logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ServerError",
                     *           "detail": "an unexpected error occurred",
                     *           "meta": {
                     *             "request_id": "4f6c1a2e-8d3b-4b7a-9c1e-2f5d6a7b8c9d"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    redeliverEvent: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: a repeat with the same key, method, path and body answers the first answer (Idempotent-Replayed: true) without doing it again, for 24 hours. */
                "idempotency-key"?: string;
            };
            path: {
                event_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Accepted */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "event_id": "e2016269-0937-4383-9d87-5624750272e9",
                     *         "status": "queued"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            /** Format: uuid */
                            event_id: string;
                            /** @enum {string} */
                            status: "queued";
                            webhook_event_type?: string;
                        };
                    };
                };
            };
            /** @description Bad request: validation or domain error (source points at the problem) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ValidationError",
                     *           "detail": "company_number must be at most 50 characters",
                     *           "source": {
                     *             "pointer": "/data/company/company_number"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description AuthenticationFailed: missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "AuthenticationFailed",
                     *           "detail": "the token is unknown or revoked"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PermissionDenied: read-only token, sandbox route with a production token, or suspended partner */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "PermissionDenied",
                     *           "detail": "this token lacks the write scope"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NotFound: no such resource for this partner and environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "NotFound",
                     *           "detail": "customer not found"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NotAcceptable: Accept does not admit application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "NotAcceptable",
                     *           "detail": "Accept must admit application/json"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict: the code says which (IdempotencyKeyInUse while a request with the key runs) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "DuplicateCustomer",
                     *           "detail": "a customer with this external_customer_id already exists"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PayloadTooLarge */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "PayloadTooLarge",
                     *           "detail": "the request body is larger than allowed"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UnsupportedMediaType */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "UnsupportedMediaType",
                     *           "detail": "Content-Type must be application/json"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description IdempotencyKeyReused: the key was used with another method, path or body */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "IdempotencyKeyReused",
                     *           "detail": "this Idempotency-Key was used with another method, path or body; use a new key for a new request",
                     *           "source": {
                     *             "parameter": "Idempotency-Key"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Throttled: too many requests for this token; Retry-After gives the seconds to wait */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "Throttled",
                     *           "detail": "too many requests: at most 600 a minute; retry in 12 s"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description ServerError: an unexpected failure of ours; meta.request_id names it in our logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ServerError",
                     *           "detail": "an unexpected error occurred",
                     *           "meta": {
                     *             "request_id": "4f6c1a2e-8d3b-4b7a-9c1e-2f5d6a7b8c9d"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getSigningSecret: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "signing_secret": "whsec_rGMCoc8pdGgvf1HH0Q7Y0p9f_m-4ak_C84we-zopf9w"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            signing_secret: string;
                        };
                    };
                };
            };
            /** @description Bad request: validation or domain error (source points at the problem) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ValidationError",
                     *           "detail": "company_number must be at most 50 characters",
                     *           "source": {
                     *             "pointer": "/data/company/company_number"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description AuthenticationFailed: missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "AuthenticationFailed",
                     *           "detail": "the token is unknown or revoked"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PermissionDenied: read-only token, sandbox route with a production token, or suspended partner */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "PermissionDenied",
                     *           "detail": "this token lacks the write scope"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NotAcceptable: Accept does not admit application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "NotAcceptable",
                     *           "detail": "Accept must admit application/json"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Throttled: too many requests for this token; Retry-After gives the seconds to wait */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "Throttled",
                     *           "detail": "too many requests: at most 600 a minute; retry in 12 s"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description ServerError: an unexpected failure of ours; meta.request_id names it in our logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ServerError",
                     *           "detail": "an unexpected error occurred",
                     *           "meta": {
                     *             "request_id": "4f6c1a2e-8d3b-4b7a-9c1e-2f5d6a7b8c9d"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    rotateSigningSecret: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: a repeat with the same key, method, path and body answers the first answer (Idempotent-Replayed: true) without doing it again, for 24 hours. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "signing_secret": "whsec_N3wS3cr3tN3wS3cr3tN3wS3cr3tN3wS3cr3tN3w"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            signing_secret: string;
                        };
                    };
                };
            };
            /** @description Bad request: validation or domain error (source points at the problem) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ValidationError",
                     *           "detail": "company_number must be at most 50 characters",
                     *           "source": {
                     *             "pointer": "/data/company/company_number"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description AuthenticationFailed: missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "AuthenticationFailed",
                     *           "detail": "the token is unknown or revoked"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PermissionDenied: read-only token, sandbox route with a production token, or suspended partner */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "PermissionDenied",
                     *           "detail": "this token lacks the write scope"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NotAcceptable: Accept does not admit application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "NotAcceptable",
                     *           "detail": "Accept must admit application/json"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict: the code says which (IdempotencyKeyInUse while a request with the key runs) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "DuplicateCustomer",
                     *           "detail": "a customer with this external_customer_id already exists"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PayloadTooLarge */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "PayloadTooLarge",
                     *           "detail": "the request body is larger than allowed"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UnsupportedMediaType */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "UnsupportedMediaType",
                     *           "detail": "Content-Type must be application/json"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description IdempotencyKeyReused: the key was used with another method, path or body */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "IdempotencyKeyReused",
                     *           "detail": "this Idempotency-Key was used with another method, path or body; use a new key for a new request",
                     *           "source": {
                     *             "parameter": "Idempotency-Key"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Throttled: too many requests for this token; Retry-After gives the seconds to wait */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "Throttled",
                     *           "detail": "too many requests: at most 600 a minute; retry in 12 s"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description ServerError: an unexpected failure of ours; meta.request_id names it in our logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ServerError",
                     *           "detail": "an unexpected error occurred",
                     *           "meta": {
                     *             "request_id": "4f6c1a2e-8d3b-4b7a-9c1e-2f5d6a7b8c9d"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listSubscriptions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "subscriptions": [
                     *           {
                     *             "webhook_event_type": "application_attributed",
                     *             "url": "https://partner.example.com/hooks",
                     *             "subscribed": false
                     *           },
                     *           {
                     *             "webhook_event_type": "application_offered",
                     *             "url": "https://partner.example.com/hooks",
                     *             "subscribed": true
                     *           },
                     *           {
                     *             "webhook_event_type": "application_declined",
                     *             "url": "https://partner.example.com/hooks",
                     *             "subscribed": false
                     *           },
                     *           {
                     *             "webhook_event_type": "application_deferred",
                     *             "url": "https://partner.example.com/hooks",
                     *             "subscribed": false
                     *           },
                     *           {
                     *             "webhook_event_type": "application_status_changed",
                     *             "url": "https://partner.example.com/hooks",
                     *             "subscribed": false
                     *           },
                     *           {
                     *             "webhook_event_type": "indicative_offer_created",
                     *             "url": "https://partner.example.com/hooks",
                     *             "subscribed": false
                     *           },
                     *           {
                     *             "webhook_event_type": "customer_funded",
                     *             "url": "https://partner.example.com/hooks",
                     *             "subscribed": false
                     *           },
                     *           {
                     *             "webhook_event_type": "funding_created_202607",
                     *             "url": "https://partner.example.com/hooks",
                     *             "subscribed": false
                     *           },
                     *           {
                     *             "webhook_event_type": "prequalification_202505",
                     *             "url": "https://partner.example.com/hooks",
                     *             "subscribed": false
                     *           },
                     *           {
                     *             "webhook_event_type": "prequalification_data_file_processed_202510",
                     *             "url": "https://partner.example.com/hooks",
                     *             "subscribed": false
                     *           },
                     *           {
                     *             "webhook_event_type": "loan_repayment_collected_202611",
                     *             "url": "https://partner.example.com/hooks",
                     *             "subscribed": false
                     *           },
                     *           {
                     *             "webhook_event_type": "loan_repayment_missed_202611",
                     *             "url": "https://partner.example.com/hooks",
                     *             "subscribed": false
                     *           },
                     *           {
                     *             "webhook_event_type": "loan_settled_202611",
                     *             "url": "https://partner.example.com/hooks",
                     *             "subscribed": false
                     *           },
                     *           {
                     *             "webhook_event_type": "loan_withdrawn_202611",
                     *             "url": "https://partner.example.com/hooks",
                     *             "subscribed": false
                     *           },
                     *           {
                     *             "webhook_event_type": "test_clock_ready_202611",
                     *             "url": "https://partner.example.com/hooks",
                     *             "subscribed": false
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            subscriptions: {
                                subscribed: boolean;
                                url: string | null;
                                webhook_event_type: string;
                            }[];
                        };
                    };
                };
            };
            /** @description Bad request: validation or domain error (source points at the problem) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ValidationError",
                     *           "detail": "company_number must be at most 50 characters",
                     *           "source": {
                     *             "pointer": "/data/company/company_number"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description AuthenticationFailed: missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "AuthenticationFailed",
                     *           "detail": "the token is unknown or revoked"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PermissionDenied: read-only token, sandbox route with a production token, or suspended partner */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "PermissionDenied",
                     *           "detail": "this token lacks the write scope"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NotAcceptable: Accept does not admit application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "NotAcceptable",
                     *           "detail": "Accept must admit application/json"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Throttled: too many requests for this token; Retry-After gives the seconds to wait */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "Throttled",
                     *           "detail": "too many requests: at most 600 a minute; retry in 12 s"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description ServerError: an unexpected failure of ours; meta.request_id names it in our logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ServerError",
                     *           "detail": "an unexpected error occurred",
                     *           "meta": {
                     *             "request_id": "4f6c1a2e-8d3b-4b7a-9c1e-2f5d6a7b8c9d"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    subscribe: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: a repeat with the same key, method, path and body answers the first answer (Idempotent-Replayed: true) without doing it again, for 24 hours. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "data": {
                 *         "webhook_event_types": [
                 *           "application_offered"
                 *         ]
                 *       }
                 *     }
                 */
                "application/json": {
                    data: {
                        webhook_event_types: string[];
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "subscriptions": [
                     *           {
                     *             "webhook_event_type": "application_attributed",
                     *             "url": "https://partner.example.com/hooks",
                     *             "subscribed": false
                     *           },
                     *           {
                     *             "webhook_event_type": "application_offered",
                     *             "url": "https://partner.example.com/hooks",
                     *             "subscribed": true
                     *           },
                     *           {
                     *             "webhook_event_type": "application_declined",
                     *             "url": "https://partner.example.com/hooks",
                     *             "subscribed": false
                     *           },
                     *           {
                     *             "webhook_event_type": "application_deferred",
                     *             "url": "https://partner.example.com/hooks",
                     *             "subscribed": false
                     *           },
                     *           {
                     *             "webhook_event_type": "application_status_changed",
                     *             "url": "https://partner.example.com/hooks",
                     *             "subscribed": false
                     *           },
                     *           {
                     *             "webhook_event_type": "indicative_offer_created",
                     *             "url": "https://partner.example.com/hooks",
                     *             "subscribed": false
                     *           },
                     *           {
                     *             "webhook_event_type": "customer_funded",
                     *             "url": "https://partner.example.com/hooks",
                     *             "subscribed": false
                     *           },
                     *           {
                     *             "webhook_event_type": "funding_created_202607",
                     *             "url": "https://partner.example.com/hooks",
                     *             "subscribed": false
                     *           },
                     *           {
                     *             "webhook_event_type": "prequalification_202505",
                     *             "url": "https://partner.example.com/hooks",
                     *             "subscribed": false
                     *           },
                     *           {
                     *             "webhook_event_type": "prequalification_data_file_processed_202510",
                     *             "url": "https://partner.example.com/hooks",
                     *             "subscribed": false
                     *           },
                     *           {
                     *             "webhook_event_type": "loan_repayment_collected_202611",
                     *             "url": "https://partner.example.com/hooks",
                     *             "subscribed": false
                     *           },
                     *           {
                     *             "webhook_event_type": "loan_repayment_missed_202611",
                     *             "url": "https://partner.example.com/hooks",
                     *             "subscribed": false
                     *           },
                     *           {
                     *             "webhook_event_type": "loan_settled_202611",
                     *             "url": "https://partner.example.com/hooks",
                     *             "subscribed": false
                     *           },
                     *           {
                     *             "webhook_event_type": "loan_withdrawn_202611",
                     *             "url": "https://partner.example.com/hooks",
                     *             "subscribed": false
                     *           },
                     *           {
                     *             "webhook_event_type": "test_clock_ready_202611",
                     *             "url": "https://partner.example.com/hooks",
                     *             "subscribed": false
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            subscriptions: {
                                subscribed: boolean;
                                url: string | null;
                                webhook_event_type: string;
                            }[];
                        };
                    };
                };
            };
            /** @description Bad request: validation or domain error (source points at the problem) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ValidationError",
                     *           "detail": "company_number must be at most 50 characters",
                     *           "source": {
                     *             "pointer": "/data/company/company_number"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description AuthenticationFailed: missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "AuthenticationFailed",
                     *           "detail": "the token is unknown or revoked"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PermissionDenied: read-only token, sandbox route with a production token, or suspended partner */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "PermissionDenied",
                     *           "detail": "this token lacks the write scope"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NotAcceptable: Accept does not admit application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "NotAcceptable",
                     *           "detail": "Accept must admit application/json"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict: the code says which (IdempotencyKeyInUse while a request with the key runs) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "DuplicateCustomer",
                     *           "detail": "a customer with this external_customer_id already exists"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PayloadTooLarge */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "PayloadTooLarge",
                     *           "detail": "the request body is larger than allowed"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UnsupportedMediaType */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "UnsupportedMediaType",
                     *           "detail": "Content-Type must be application/json"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description IdempotencyKeyReused: the key was used with another method, path or body */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "IdempotencyKeyReused",
                     *           "detail": "this Idempotency-Key was used with another method, path or body; use a new key for a new request",
                     *           "source": {
                     *             "parameter": "Idempotency-Key"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Throttled: too many requests for this token; Retry-After gives the seconds to wait */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "Throttled",
                     *           "detail": "too many requests: at most 600 a minute; retry in 12 s"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description ServerError: an unexpected failure of ours; meta.request_id names it in our logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ServerError",
                     *           "detail": "an unexpected error occurred",
                     *           "meta": {
                     *             "request_id": "4f6c1a2e-8d3b-4b7a-9c1e-2f5d6a7b8c9d"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    unsubscribe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "data": {
                 *         "webhook_event_types": [
                 *           "application_offered"
                 *         ]
                 *       }
                 *     }
                 */
                "application/json": {
                    data: {
                        webhook_event_types: string[];
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "subscriptions": [
                     *           {
                     *             "webhook_event_type": "application_attributed",
                     *             "url": "https://partner.example.com/hooks",
                     *             "subscribed": false
                     *           },
                     *           {
                     *             "webhook_event_type": "application_offered",
                     *             "url": "https://partner.example.com/hooks",
                     *             "subscribed": true
                     *           },
                     *           {
                     *             "webhook_event_type": "application_declined",
                     *             "url": "https://partner.example.com/hooks",
                     *             "subscribed": false
                     *           },
                     *           {
                     *             "webhook_event_type": "application_deferred",
                     *             "url": "https://partner.example.com/hooks",
                     *             "subscribed": false
                     *           },
                     *           {
                     *             "webhook_event_type": "application_status_changed",
                     *             "url": "https://partner.example.com/hooks",
                     *             "subscribed": false
                     *           },
                     *           {
                     *             "webhook_event_type": "indicative_offer_created",
                     *             "url": "https://partner.example.com/hooks",
                     *             "subscribed": false
                     *           },
                     *           {
                     *             "webhook_event_type": "customer_funded",
                     *             "url": "https://partner.example.com/hooks",
                     *             "subscribed": false
                     *           },
                     *           {
                     *             "webhook_event_type": "funding_created_202607",
                     *             "url": "https://partner.example.com/hooks",
                     *             "subscribed": false
                     *           },
                     *           {
                     *             "webhook_event_type": "prequalification_202505",
                     *             "url": "https://partner.example.com/hooks",
                     *             "subscribed": false
                     *           },
                     *           {
                     *             "webhook_event_type": "prequalification_data_file_processed_202510",
                     *             "url": "https://partner.example.com/hooks",
                     *             "subscribed": false
                     *           },
                     *           {
                     *             "webhook_event_type": "loan_repayment_collected_202611",
                     *             "url": "https://partner.example.com/hooks",
                     *             "subscribed": false
                     *           },
                     *           {
                     *             "webhook_event_type": "loan_repayment_missed_202611",
                     *             "url": "https://partner.example.com/hooks",
                     *             "subscribed": false
                     *           },
                     *           {
                     *             "webhook_event_type": "loan_settled_202611",
                     *             "url": "https://partner.example.com/hooks",
                     *             "subscribed": false
                     *           },
                     *           {
                     *             "webhook_event_type": "loan_withdrawn_202611",
                     *             "url": "https://partner.example.com/hooks",
                     *             "subscribed": false
                     *           },
                     *           {
                     *             "webhook_event_type": "test_clock_ready_202611",
                     *             "url": "https://partner.example.com/hooks",
                     *             "subscribed": false
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            subscriptions: {
                                subscribed: boolean;
                                url: string | null;
                                webhook_event_type: string;
                            }[];
                        };
                    };
                };
            };
            /** @description Bad request: validation or domain error (source points at the problem) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ValidationError",
                     *           "detail": "company_number must be at most 50 characters",
                     *           "source": {
                     *             "pointer": "/data/company/company_number"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description AuthenticationFailed: missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "AuthenticationFailed",
                     *           "detail": "the token is unknown or revoked"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PermissionDenied: read-only token, sandbox route with a production token, or suspended partner */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "PermissionDenied",
                     *           "detail": "this token lacks the write scope"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NotAcceptable: Accept does not admit application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "NotAcceptable",
                     *           "detail": "Accept must admit application/json"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PayloadTooLarge */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "PayloadTooLarge",
                     *           "detail": "the request body is larger than allowed"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UnsupportedMediaType */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "UnsupportedMediaType",
                     *           "detail": "Content-Type must be application/json"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Throttled: too many requests for this token; Retry-After gives the seconds to wait */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "Throttled",
                     *           "detail": "too many requests: at most 600 a minute; retry in 12 s"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description ServerError: an unexpected failure of ours; meta.request_id names it in our logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "code": "ServerError",
                     *           "detail": "an unexpected error occurred",
                     *           "meta": {
                     *             "request_id": "4f6c1a2e-8d3b-4b7a-9c1e-2f5d6a7b8c9d"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
}
