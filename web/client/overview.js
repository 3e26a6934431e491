// The overview page needs nothing beyond common.js (sign-out, copy buttons).
