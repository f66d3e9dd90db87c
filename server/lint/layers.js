// The layering rules of the server (ARCHITECTURE.md, "The layers") that an import restriction cannot
// express, as a local ESLint plugin: each concern is its own rule, so a legacy file can be excused
// from one of them without losing the others (eslint.config.js, LAYERING_NOT_YET).

const EQUALITY = "/^[!=]==?$/";
/** Fields that name whose a row is: comparing one with the member at hand is an ownership decision. */
const OWNER_FIELDS = "/^(authorId|createdBy|userId|ownerId|profileUserId)$/";
/** Fields that say what a member may do. */
const ROLE_FIELDS = "/^(isAdmin|role)$/";

/** A rule that reports every node matched by one of the selectors, with one message. */
function syntaxRule(description, message, selectors) {
  return {
    meta: { type: "problem", docs: { description }, messages: { misplaced: message }, schema: [] },
    create: (context) => Object.fromEntries(selectors.map((selector) => [selector, (node) => context.report({ node, messageId: "misplaced" })])),
  };
}

const transactionsInCommands = syntaxRule(
  "A transaction is opened only by a command.",
  "Transactions belong in server/commands/: a command owns its transaction and the locks it takes.",
  ["CallExpression[callee.property.name='transaction']"],
);

const authorizationInPolicies = syntaxRule(
  "Who may do what is decided only by a policy.",
  "Who may do what is decided in server/policies/: call a policy (canDeletePost, isAdministrator, …) instead.",
  [
    // `if (user.isAdmin)`, `user.isAdmin ? … : …`, `a && user.isAdmin`, `!user.isAdmin`, `user.role === …` (also through `?.`).
    `:matches(IfStatement, ConditionalExpression) > MemberExpression.test[property.name=${ROLE_FIELDS}]`,
    `:matches(IfStatement, ConditionalExpression) > ChainExpression.test > MemberExpression[property.name=${ROLE_FIELDS}]`,
    `:matches(LogicalExpression, BinaryExpression, UnaryExpression[operator='!']) > MemberExpression[property.name=${ROLE_FIELDS}]`,
    `:matches(LogicalExpression, BinaryExpression, UnaryExpression[operator='!']) > ChainExpression > MemberExpression[property.name=${ROLE_FIELDS}]`,
    // `post.authorId === req.user.id`, `upload.ownerId !== viewer.id`, `x.id === req.user!.id`: one report per comparison.
    `BinaryExpression[operator=${EQUALITY}]:matches(${["left", "right"]
      .flatMap((side) => [
        `[${side}.property.name=${OWNER_FIELDS}]`,
        `[${side}.property.name='id'][${side}.object.property.name='user']`,
        `[${side}.property.name='id'][${side}.object.expression.property.name='user']`,
      ])
      .join(", ")})`,
  ],
);

/** Whether a presenter (a function named present…) appears anywhere inside the node. */
function passesThroughPresenter(node) {
  if (node.type === "Identifier") return node.name.startsWith("present");
  return Object.entries(node).some(
    ([key, value]) =>
      key !== "parent" &&
      (Array.isArray(value) ? value : [value]).some((child) => child && typeof child.type === "string" && passesThroughPresenter(child)),
  );
}

const WRAPPERS = new Set(["AwaitExpression", "TSSatisfiesExpression", "TSAsExpression", "TSNonNullExpression", "ParenthesizedExpression"]);

/**
 * What `res.json(…)` is given must have become JSON in a presenter: an envelope literal without
 * spread rows in it, or a value that went through a present… call. A call with no presenter in it
 * (a query's or a command's result, `rows.map((row) => ({ ...row }))`) sends rows as they came.
 * A local name is followed to its declaration once.
 */
const rowsThroughPresenters = {
  meta: {
    type: "problem",
    docs: { description: "A row becomes JSON only in a presenter." },
    messages: {
      spread: "Rows become JSON in server/presenters/: spreading a row into the response sends every column it has.",
      unpresented: "Rows become JSON in server/presenters/: pass this through a present… function before res.json.",
    },
    schema: [],
  },
  create(context) {
    // Reported where the value is sent, `at` (the spread itself when it is written there).
    function check(node, at, followed) {
      while (WRAPPERS.has(node.type)) node = node.expression ?? node.argument;
      if (node.type === "ObjectExpression" || node.type === "ArrayExpression") {
        const entries = node.type === "ObjectExpression" ? node.properties : node.elements;
        const spread = entries.find((entry) => entry?.type === "SpreadElement");
        if (spread && !passesThroughPresenter(spread.argument)) context.report({ node: followed ? at : spread, messageId: "spread" });
        return;
      }
      if (node.type === "CallExpression" || node.type === "NewExpression") {
        if (!passesThroughPresenter(node)) context.report({ node: at, messageId: "unpresented" });
        return;
      }
      if (node.type === "Identifier" && !followed) {
        const variable = context.sourceCode.getScope(node).references.find((reference) => reference.identifier === node)?.resolved;
        const declarator = variable?.defs.find((def) => def.type === "Variable")?.node;
        // Also `const [link] = await db.select()…`: a row destructured from a call is checked as that call.
        if (declarator?.init) check(declarator.init, at, true);
      }
    }
    return {
      "CallExpression[callee.property.name='json']"(call) {
        if (call.arguments[0]) check(call.arguments[0], call.arguments[0], false);
      },
    };
  },
};

export default {
  meta: { name: "layers" },
  rules: {
    "transactions-in-commands": transactionsInCommands,
    "authorization-in-policies": authorizationInPolicies,
    "rows-through-presenters": rowsThroughPresenters,
  },
};
