/**
 * Delivery reports shaped as real mail systems send them, for tests: Postfix's and Gmail's bounces, Postfix's delay
 * warning, a feedback-loop complaint (ARF, as Yahoo's and Outlook.com's are), and an auto-reply. Each is addressed at
 * `to` (an e-mail's bounce address) about a mail to `recipient`; lines end in CRLF as on the wire.
 */
interface SampleInput {
  to: string;
  recipient: string;
  /** The returned mail's Message-ID. */
  messageId?: string;
}

const crlf = (text: string) => text.replace(/\r?\n/g, "\r\n");

const returnedHeaders = ({
  recipient,
  messageId = "<returned@fieldops.test>",
}: SampleInput) => `From: Greenleaf Lawns <mail@fieldops.test>
To: ${recipient}
Subject: Invoice #1042 from Greenleaf Lawns
Date: Sat, 28 Nov 2026 09:14:02 +0000
Message-ID: ${messageId}
X-FieldOps-Company: 3f2b8a1c-5d4e-4f6a-9b7c-0123456789ab
MIME-Version: 1.0
Content-Type: text/plain; charset=utf-8`;

/** Postfix's "Undelivered Mail Returned to Sender": the remote server refused the mailbox (5.1.1). */
export function postfixBounce(input: SampleInput): string {
  return crlf(`Return-Path: <>
Received: by mail.fieldops.test (Postfix) id 4F2A11C0A1; Sat, 28 Nov 2026 09:14:05 +0000 (UTC)
Date: Sat, 28 Nov 2026 09:14:05 +0000 (UTC)
From: MAILER-DAEMON@mail.fieldops.test (Mail Delivery System)
Subject: Undelivered Mail Returned to Sender
To: ${input.to}
Auto-Submitted: auto-replied
MIME-Version: 1.0
Content-Type: multipart/report; report-type=delivery-status;
\tboundary="4F2A11C0A1.1795857245/mail.fieldops.test"
Content-Transfer-Encoding: 8bit
Message-Id: <20261128091405.4F2A11C0A1@mail.fieldops.test>

This is a MIME-encapsulated message.

--4F2A11C0A1.1795857245/mail.fieldops.test
Content-Description: Notification
Content-Type: text/plain; charset=us-ascii

This is the mail system at host mail.fieldops.test.

I'm sorry to have to inform you that your message could not
be delivered to one or more recipients. It's attached below.

For further assistance, please send mail to postmaster.

If you do so, please include this problem report. You can
delete your own text from the attached returned message.

                   The mail system

<${input.recipient}>: host mx1.example.net[203.0.113.25] said: 550 5.1.1
    <${input.recipient}>: Recipient address rejected: User unknown in virtual
    mailbox table (in reply to RCPT TO command)

--4F2A11C0A1.1795857245/mail.fieldops.test
Content-Description: Delivery report
Content-Type: message/delivery-status

Reporting-MTA: dns; mail.fieldops.test
X-Postfix-Queue-ID: 4F2A11C0A1
X-Postfix-Sender: rfc822; ${input.to}
Arrival-Date: Sat, 28 Nov 2026 09:14:02 +0000 (UTC)

Final-Recipient: rfc822; ${input.recipient}
Original-Recipient: rfc822;${input.recipient}
Action: failed
Status: 5.1.1
Remote-MTA: dns; mx1.example.net
Diagnostic-Code: smtp; 550 5.1.1 <${input.recipient}>: Recipient address
    rejected: User unknown in virtual mailbox table

--4F2A11C0A1.1795857245/mail.fieldops.test
Content-Description: Undelivered Message
Content-Type: message/rfc822
Content-Transfer-Encoding: 8bit

${returnedHeaders(input)}

Hello,

Your invoice #1042 is ready: https://app.fieldops.test/review/abc

--4F2A11C0A1.1795857245/mail.fieldops.test--
`);
}

/** Gmail's "Address not found": an HTML notice, the report, and the returned mail's headers only. */
export function gmailBounce(input: SampleInput): string {
  return crlf(`Return-Path: <>
Received: by 2002:a05:6a10:8c0e:b0:4a1:2f3c:9d1e with SMTP id h14csp1203421pxs;
        Sat, 28 Nov 2026 01:14:05 -0800 (PST)
From: Mail Delivery Subsystem <mailer-daemon@googlemail.com>
To: ${input.to}
Auto-Submitted: auto-replied
Subject: Delivery Status Notification (Failure)
References: ${input.messageId ?? "<returned@fieldops.test>"}
In-Reply-To: ${input.messageId ?? "<returned@fieldops.test>"}
X-Failed-Recipients: ${input.recipient}
Message-ID: <6785a2b1.050a0220.1f2b3c.8d4eSMTPIN_ADDED_MISSING@mx.google.com>
Date: Sat, 28 Nov 2026 01:14:05 -0800 (PST)
MIME-Version: 1.0
Content-Type: multipart/report; boundary="000000000000c3d1e805f2a7b9e4"; report-type=delivery-status

--000000000000c3d1e805f2a7b9e4
Content-Type: multipart/related; boundary="000000000000c3d62f05f2a7b9e9"

--000000000000c3d62f05f2a7b9e9
Content-Type: multipart/alternative; boundary="000000000000c3d63005f2a7b9ea"

--000000000000c3d63005f2a7b9ea
Content-Type: text/plain; charset="UTF-8"


** Address not found **

Your message wasn't delivered to ${input.recipient} because the address couldn't be found, or is unable to receive mail.

Learn more here: https://support.google.com/mail/?p=NoSuchUser

The response was:

The email account that you tried to reach does not exist. Please try double-checking the recipient's email address for typos or unnecessary spaces.

--000000000000c3d63005f2a7b9ea
Content-Type: text/html; charset="UTF-8"

<html><body><h1>Address not found</h1><p>Your message wasn't delivered to <b>${input.recipient}</b> because the address couldn't be found, or is unable to receive mail.</p></body></html>

--000000000000c3d63005f2a7b9ea--
--000000000000c3d62f05f2a7b9e9--
--000000000000c3d1e805f2a7b9e4
Content-Type: message/delivery-status

Reporting-MTA: dns; googlemail.com
Received-From-MTA: dns; mail.fieldops.test
Arrival-Date: Sat, 28 Nov 2026 01:14:04 -0800 (PST)
X-Original-Message-ID: ${input.messageId ?? "<returned@fieldops.test>"}

Final-Recipient: rfc822; ${input.recipient}
Action: failed
Status: 5.1.1
Remote-MTA: dns; gmail-smtp-in.l.google.com. (2607:f8b0:4004:c1b::1a, the server
 for the domain gmail.com.)
Diagnostic-Code: smtp; 550-5.1.1 The email account that you tried to reach does not exist. Please try
 550-5.1.1 double-checking the recipient's email address for typos or
 550-5.1.1 unnecessary spaces. For more information, go to
 550 5.1.1  https://support.google.com/mail/?p=NoSuchUser d75a77b69052e-4a1b2c3d4e5si1234567qtb.12 - gsmtp
Last-Attempt-Date: Sat, 28 Nov 2026 01:14:05 -0800 (PST)

--000000000000c3d1e805f2a7b9e4
Content-Type: text/rfc822-headers

${returnedHeaders(input)}

--000000000000c3d1e805f2a7b9e4--
`);
}

/** Postfix's "Delayed Mail (still being retried)": the remote server answered 4xx for hours. */
export function postfixDelay(input: SampleInput): string {
  return crlf(`From: MAILER-DAEMON@mail.fieldops.test (Mail Delivery System)
Subject: Delayed Mail (still being retried)
To: ${input.to}
Auto-Submitted: auto-replied
MIME-Version: 1.0
Content-Type: multipart/report; report-type=delivery-status;
\tboundary="7B3C22D1B2.1795871645/mail.fieldops.test"
Message-Id: <20261128131405.7B3C22D1B2@mail.fieldops.test>

--7B3C22D1B2.1795871645/mail.fieldops.test
Content-Description: Notification
Content-Type: text/plain; charset=us-ascii

This is the mail system at host mail.fieldops.test.

####################################################################
# THIS IS A WARNING ONLY.  YOU DO NOT NEED TO RESEND YOUR MESSAGE. #
####################################################################

Your message could not be delivered for more than 4 hour(s).
It will be retried until it is 5 day(s) old.

--7B3C22D1B2.1795871645/mail.fieldops.test
Content-Description: Delivery report
Content-Type: message/delivery-status

Reporting-MTA: dns; mail.fieldops.test
X-Postfix-Queue-ID: 7B3C22D1B2
Arrival-Date: Sat, 28 Nov 2026 09:14:02 +0000 (UTC)

Final-Recipient: rfc822; ${input.recipient}
Action: delayed
Status: 4.4.1
Diagnostic-Code: X-Postfix; connect to mx1.example.net[203.0.113.25]:25:
    Connection timed out
Will-Retry-Until: Thu, 3 Dec 2026 09:14:02 +0000 (UTC)

--7B3C22D1B2.1795871645/mail.fieldops.test
Content-Description: Undelivered Message Headers
Content-Type: text/rfc822-headers

${returnedHeaders(input)}

--7B3C22D1B2.1795871645/mail.fieldops.test--
`);
}

/** A feedback loop's complaint (ARF, RFC 5965): the recipient pressed "This is spam". */
export function arfComplaint(input: SampleInput & { feedbackType?: string }): string {
  return crlf(`From: Yahoo! Mail AntiSpam Feedback <feedback@arf.mail.yahoo.com>
To: ${input.to}
Subject: FW: Invoice #1042 from Greenleaf Lawns
Date: Sat, 28 Nov 2026 10:02:11 +0000
Message-ID: <1795860131.arf.5821@arf.mail.yahoo.com>
MIME-Version: 1.0
Content-Type: multipart/report; report-type=feedback-report;
\tboundary="----=_Part_5821_1795860131"

------=_Part_5821_1795860131
Content-Type: text/plain; charset=us-ascii
Content-Transfer-Encoding: 7bit

This is an email abuse report for an email message received from IP 198.51.100.7 on Sat, 28 Nov 2026 09:14:03 +0000.
For more information about this format please see http://www.mipassoc.org/arf/.

------=_Part_5821_1795860131
Content-Type: message/feedback-report

Feedback-Type: ${input.feedbackType ?? "abuse"}
User-Agent: Yahoo!-Mail-Feedback/2.0
Version: 1
Original-Mail-From: <${input.to}>
Original-Rcpt-To: <${input.recipient}>
Received-Date: Sat, 28 Nov 2026 09:14:03 +0000
Source-IP: 198.51.100.7
Reported-Domain: fieldops.test

------=_Part_5821_1795860131
Content-Type: message/rfc822
Content-Disposition: inline

${returnedHeaders(input)}

Hello,

Your invoice #1042 is ready.

------=_Part_5821_1795860131--
`);
}

/** A vacation auto-reply sent to the envelope sender (as RFC 3834 says): no report. */
export function autoReply(input: SampleInput): string {
  return crlf(`From: Kim Ortiz <${input.recipient}>
To: ${input.to}
Subject: Out of office: Invoice #1042 from Greenleaf Lawns
Auto-Submitted: auto-replied
Date: Sat, 28 Nov 2026 09:14:09 +0000
Message-ID: <ooo-1795857249@example.com>
Content-Type: text/plain; charset=utf-8

I am away until Monday and will answer then.
`);
}
