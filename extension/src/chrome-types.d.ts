// The chrome.* extension APIs' types (@types/chrome) for the extension's sources.
/// <reference types="chrome" />
